import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { vi } from 'vitest';
import type { DatabaseKind } from '../../src/db/dialects/types';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';
import { startTestApp, startTestAppBeside, type TestApp } from '../helpers/test-app';

export interface SharedBucket {
  s3: TestS3Server;
  bucket: string;
  first: TestApp;
  second: TestApp;
  /** The keys in the bucket under `prefix`, sorted. */
  objectsUnder(prefix: string): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Two servers on one database and one bucket of a fresh s3rver, as behind a load balancer
 * (docs/architecture.md §2.5, §4.3). The apps' S3 client finds its credentials as in production:
 * the SDK's chain reads them from the environment, stubbed here until `close`.
 */
export async function startServersOnOneBucket(
  kind: DatabaseKind,
  env: Record<string, string>,
): Promise<SharedBucket> {
  vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
  const s3 = await startS3Server({ conditional: true });
  const bucket = await s3.createBucket();
  const appEnv = { ...s3.env(bucket), ...env };
  const first = await startTestApp(kind, appEnv);
  const second = await startTestAppBeside(first, appEnv);
  return {
    s3,
    bucket,
    first,
    second,
    async objectsUnder(prefix) {
      const page = await s3.client.send(
        new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }),
      );
      return (page.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      await second.close();
      await first.close();
      await s3.close();
      vi.unstubAllEnvs();
    },
  };
}

/** A PDF of `size` bytes: the signature, then filler. */
export function pdfOf(size: number, fill = 'a') {
  const bytes = Buffer.alloc(size, fill);
  bytes.write('%PDF-1.4\n');
  return { bytes, name: 'notes.pdf', type: 'application/pdf' };
}
