import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../../config';
import { createAdvisoryLocks } from '../../lib/cluster-locks';
import { createDiskFileStore } from '../../lib/file-store/disk-file-store';
import type { FileStore } from '../../lib/file-store/file-store';
import { createS3Client } from '../../lib/file-store/s3-client';
import { createS3FileStore } from '../../lib/file-store/s3-file-store';
import { downloadUrl } from './download';
import { userFolder } from './paths';
import { createStorageQuota, type StorageQuota } from './quota';

/** Files the server makes for a student, each kind in its own subfolder of theirs. */
export type GeneratedKind = 'ai-images' | 'ai-speech' | 'screenshots';

export interface SavedFile {
  path: string;
  /** Public, versioned download URL, as an upload's. */
  url: string;
}

/**
 * Every student's files, shared by the storage routes (uploads) and the endpoints that make
 * files for a student (AI images, screenshots): one store, one quota, one place the account's
 * files are removed from.
 */
export interface StudentFiles {
  store: FileStore;
  quota: StorageQuota;
  projectId: string;
  publicUrl: string;
  /** Saves `body` under the student's folder with a fresh name, within their quota (413 otherwise). */
  saveGenerated(
    userId: string,
    file: { kind: GeneratedKind; extension: string; body: Buffer },
  ): Promise<SavedFile>;
  /** Releases the store's connections (the bucket's); called when the app closes. */
  close(): Promise<void>;
}

/**
 * The store STORAGE_S3_BUCKET selects: that bucket, or else `DATA_DIR/storage` on this disk
 * (docs/architecture.md §2.1), and what closing it releases.
 */
function createConfiguredStore(config: Config): { store: FileStore; close(): void } {
  const { storage } = config;
  if (storage.kind === 's3') {
    const client = createS3Client(storage);
    return {
      store: createS3FileStore({ client, bucket: storage.bucket }),
      // A client that failed to load has nothing to release; its requests report why.
      close: () => void client.then((ready) => ready.destroy()).catch(() => {}),
    };
  }
  return { store: createDiskFileStore(path.resolve(config.dataDir, 'storage')), close: () => {} };
}

/**
 * Connections the quota's locks may hold at once on one instance: one per student writing there
 * at that moment (docs/architecture.md §4.3), opened only while uploads run. pg's own default.
 */
const QUOTA_LOCK_CONNECTIONS = 10;

export interface StudentFilesOptions {
  /** A store to use instead of the configured one. */
  store?: FileStore;
  /** PostgreSQL's URL: the quota then holds across the instances sharing it. */
  connectionString?: string;
}

export function createStudentFiles(
  config: Config,
  options: StudentFilesOptions = {},
): StudentFiles {
  const configured = options.store
    ? { store: options.store, close: () => {} }
    : createConfiguredStore(config);
  const { store } = configured;
  const locks = options.connectionString
    ? createAdvisoryLocks(options.connectionString, { max: QUOTA_LOCK_CONNECTIONS })
    : undefined;
  const quota = createStorageQuota(store, config.storageQuotaBytes, { locks });
  const where = { projectId: config.projectId, publicUrl: config.publicUrl };
  return {
    store,
    quota,
    ...where,
    async close() {
      configured.close();
      await locks?.close();
    },
    async saveGenerated(userId, { kind, extension, body }) {
      const key = `${userFolder(userId)}${kind}/${randomUUID()}.${extension}`;
      const stored = await quota.writeWithin(userId, { path: key, bytes: body.length }, () =>
        store.put(key, Readable.from([body]), { overwrite: false }),
      );
      return { path: key, url: downloadUrl(where, key, stored.etag) };
    },
  };
}
