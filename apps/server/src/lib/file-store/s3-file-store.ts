import type * as S3Commands from '@aws-sdk/client-s3';
import type { ListObjectsV2CommandOutput, S3Client } from '@aws-sdk/client-s3';
import type { Upload as S3Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import {
  FileChangedError,
  FileExistsError,
  PathConflictError,
  type ByteRange,
  type FileStore,
  type StoredFileInfo,
} from './file-store';
import { splitKey, splitPrefix } from './keys';

export interface S3FileStoreOptions {
  /** The bucket's client, or its promise (s3-client.ts loads the SDK on demand). */
  client: S3Client | Promise<S3Client>;
  bucket: string;
  /** Keys per ListObjectsV2 page and so per DeleteObjects batch; S3 allows at most 1000. */
  pageSize?: number;
  /** Bytes per part of a multipart upload; S3 requires at least 5 MiB for all but the last. */
  partSize?: number;
}

const MAX_PAGE_SIZE = 1000;
const MIN_PART_SIZE = 5 * 1024 * 1024;
// Parts are buffered in memory while they are sent: two in flight bound an upload of any size to
// about 10 MiB of memory, and still overlap reading the next part with sending the last.
const PARTS_IN_FLIGHT = 2;

/**
 * The SDK, loaded when the first store is made: a server that keeps its files on disk never
 * loads it (docs/architecture.md §2.1). Its commands are classes, so they are read from here.
 */
let sdk: Promise<S3Sdk> | undefined;
interface S3Sdk {
  s3: typeof S3Commands;
  Upload: typeof S3Upload;
}
const loadSdk = () =>
  (sdk ??= Promise.all([import('@aws-sdk/client-s3'), import('@aws-sdk/lib-storage')]).then(
    ([s3, storage]) => ({ s3, Upload: storage.Upload }),
  ));

// An answer of the service carries its status; a failure on the way there (DNS, a reset) not.
const statusOf = (error: unknown): number | undefined =>
  (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;

/**
 * A conditional write lost: 412 when the object exists, and 409 ConditionalRequestConflict when
 * another conditional write of the same key is under way (AWS), which will have made it exist.
 */
const lostConditionalWrite = (error: unknown) => {
  const status = statusOf(error);
  return (
    status === 412 || (status === 409 && (error as Error).name === 'ConditionalRequestConflict')
  );
};

/**
 * Files as objects of one bucket, keyed as on disk (docs/architecture.md §2.1: STORAGE_S3_*).
 * Several servers may share the bucket: a file written through one is read through any other.
 *
 * Differences from the disk store, which S3's model imposes:
 * - A "folder" is only a prefix other keys share. Writing `a` while `a/x` exists, or `a/b` while
 *   a file `a` exists, is refused with PathConflictError as on disk, but the check is a HEAD and
 *   a LIST before the write, not part of it: two servers racing to write `a` and `a/x` could
 *   both succeed. The keys the storage routes allow make that harmless (each student writes only
 *   their own folder, and a student's writes take turns within a server).
 * - `overwrite: false` is atomic where the service honours `If-None-Match: *` on PutObject and
 *   CompleteMultipartUpload (AWS, MinIO, R2). On a service that ignores it, the HEAD made before
 *   the write still refuses an existing file, but not one created in the instant between.
 * - A replaced object's old bytes are gone: a file opened and then overwritten fails with
 *   FileChangedError when read, where the disk store would still serve the old version.
 */
export function createS3FileStore(options: S3FileStoreOptions): FileStore {
  const { bucket } = options;
  // Each request first waits for the SDK and the client, ready long before the first one.
  const ready = Promise.all([loadSdk(), options.client]).then(([loaded, client]) => ({
    ...loaded,
    client,
  }));
  // Not lost when nothing asks before it fails: each request then fails with the cause.
  ready.catch(() => {});
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const partSize = Math.max(options.partSize ?? MIN_PART_SIZE, MIN_PART_SIZE);

  const statKey = async (key: string): Promise<StoredFileInfo | null> => {
    splitKey(key);
    const { s3, client } = await ready;
    try {
      const head = await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: key }));
      return {
        key,
        size: head.ContentLength ?? 0,
        etag: head.ETag ?? '',
        modifiedAt: head.LastModified ?? new Date(0),
      };
    } catch (error) {
      if (statusOf(error) === 404) return null;
      throw error;
    }
  };

  /** Every page of the listing under `prefix`, one at a time. */
  async function* pages(prefix: string): AsyncGenerator<ListObjectsV2CommandOutput> {
    const { s3, client } = await ready;
    let token: string | undefined;
    do {
      const page = await client.send(
        new s3.ListObjectsV2Command({
          Bucket: bucket,
          Prefix: prefix,
          MaxKeys: pageSize,
          ContinuationToken: token,
        }),
      );
      yield page;
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  const hasFolder = async (key: string) => {
    const { s3, client } = await ready;
    const page = await client.send(
      new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: `${key}/`, MaxKeys: 1 }),
    );
    return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
  };

  /** A file at `key`'s place, or null; throws when a folder is there or a file is above it. */
  const inspectTarget = async (key: string) => {
    const segments = splitKey(key);
    const ancestors = segments.slice(1).map((_, i) => segments.slice(0, i + 1).join('/'));
    const [existing, folder, ...above] = await Promise.all([
      statKey(key),
      hasFolder(key),
      ...ancestors.map(statKey),
    ]);
    if (folder || above.some(Boolean)) throw new PathConflictError(key);
    return existing;
  };

  /**
   * The content of the version tagged `etag`. `If-Match` makes the service refuse another
   * version; the tag is compared again on the answer because some S3-compatible servers ignore
   * the header, and serving another version's bytes under this tag must never happen.
   */
  async function* readVersion(
    key: string,
    etag: string,
    range: ByteRange | undefined,
    signal: AbortSignal,
  ): AsyncGenerator<Buffer> {
    const { s3, client } = await ready;
    let body: Readable;
    try {
      const answer = await client.send(
        new s3.GetObjectCommand({
          Bucket: bucket,
          Key: key,
          IfMatch: etag,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
        { abortSignal: signal },
      );
      body = answer.Body as Readable;
      if (answer.ETag !== etag) {
        body.destroy();
        throw new FileChangedError(key);
      }
    } catch (error) {
      const status = statusOf(error);
      if (status === 412 || status === 404) throw new FileChangedError(key);
      throw error;
    }
    yield* body;
  }

  return {
    async put(key, body, { overwrite }) {
      let existing: StoredFileInfo | null;
      try {
        existing = await inspectTarget(key);
        if (existing && !overwrite) throw new FileExistsError(key);
      } catch (error) {
        // Never read: release what backs it (the staged upload's file descriptor).
        body.destroy();
        throw error;
      }
      const { Upload, client } = await ready;
      const upload = new Upload({
        client,
        queueSize: PARTS_IN_FLIGHT,
        partSize,
        params: {
          Bucket: bucket,
          Key: key,
          Body: body,
          ...(overwrite ? {} : { IfNoneMatch: '*' }),
        },
      });
      try {
        await upload.done();
      } catch (error) {
        // When the incoming stream failed, that is the cause to report, even if abandoning the
        // multipart upload failed as well (a service without AbortMultipartUpload).
        if (body.errored) throw body.errored;
        if (!overwrite && lostConditionalWrite(error)) throw new FileExistsError(key);
        throw error;
      }
      const info = await statKey(key);
      if (!info) throw new Error(`file ${key} vanished right after it was written`);
      return { ...info, created: !existing };
    },

    stat: statKey,

    async open(key) {
      const info = await statKey(key);
      if (!info) return null;
      return {
        info,
        stream(range) {
          const abort = new AbortController();
          const stream = Readable.from(readVersion(key, info.etag, range, abort.signal), {
            objectMode: false,
          });
          // A client that goes away mid-download ends the request to the bucket too.
          stream.once('close', () => abort.abort());
          return stream;
        },
        // Nothing is held between open and read: each read is its own request.
        close: async () => {},
      };
    },

    async remove(key) {
      if (!(await statKey(key))) return false;
      const { s3, client } = await ready;
      await client.send(new s3.DeleteObjectCommand({ Bucket: bucket, Key: key }));
      return true;
    },

    async removePrefix(prefix) {
      splitPrefix(prefix);
      const { s3, client } = await ready;
      for await (const page of pages(prefix)) {
        const objects = (page.Contents ?? []).flatMap((object) =>
          object.Key ? [{ Key: object.Key }] : [],
        );
        if (objects.length === 0) continue;
        // One page is at most 1000 keys, the most one DeleteObjects takes.
        const result = await client.send(
          new s3.DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: objects, Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0]!;
          throw new Error(
            `could not remove ${failed.length} file(s) under ${prefix}: ${first.Key} (${first.Code})`,
          );
        }
      }
    },

    async sizeOfPrefix(prefix) {
      splitPrefix(prefix);
      let total = 0;
      for await (const page of pages(prefix)) {
        for (const object of page.Contents ?? []) total += object.Size ?? 0;
      }
      return total;
    },
  };
}
