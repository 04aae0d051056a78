import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** s3rver's fixed credentials: it checks every request's signature against them. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  /** http://127.0.0.1:PORT */
  endpoint: string;
  /** A client of the server, signed as s3rver expects. */
  client: S3Client;
  /** A new, empty bucket of a unique name. */
  createBucket(): Promise<string>;
  /** STORAGE_S3_* for startTestApp; the app's credentials come from AWS_* (S3RVER_CREDENTIALS). */
  env(bucket: string): Record<string, string>;
  close(): Promise<void>;
}

export interface TestS3Options {
  /**
   * Answer `If-None-Match: *` on PutObject and CompleteMultipartUpload and `If-Match` on GET
   * and HEAD as AWS, MinIO and R2 do. s3rver 3.7 ignores both headers (it knows only
   * If-None-Match on GET); this layer in front of it evaluates them against s3rver's own
   * objects, one write of a key at a time, so the store's conditional paths can be exercised.
   * Without it the server is s3rver as it is: a service that ignores those conditions.
   */
  conditional?: boolean;
}

/**
 * A real S3-compatible server (s3rver) on a free port of 127.0.0.1, in a child Node of its own
 * (s3-server-child.ts says why), its objects in a temp folder.
 */
export async function startS3Server(options: TestS3Options = {}): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), 's3rver-'));
  const child = spawn(
    process.execPath,
    [
      '--openssl-legacy-provider',
      '--import',
      'tsx',
      path.join(HERE, 's3-server-child.ts'),
      JSON.stringify({
        directory,
        conditional: options.conditional ?? false,
        credentials: S3RVER_CREDENTIALS,
      }),
    ],
    { cwd: HERE, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const exited = once(child, 'exit');
  const [line] = (await Promise.race([
    once(createInterface({ input: child.stdout }), 'line'),
    exited.then(() => {
      throw new Error('the S3 test server exited before it listened');
    }),
  ])) as [string];
  const { port } = JSON.parse(line) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  // As the app's client (s3-client.ts), but given the credentials the app finds in its environment.
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    client,
    async createBucket() {
      const bucket = `test-${randomUUID()}`;
      await client.send(new CreateBucketCommand({ Bucket: bucket }));
      return bucket;
    },
    env: (bucket) => ({
      STORAGE_S3_BUCKET: bucket,
      STORAGE_S3_ENDPOINT: endpoint,
      STORAGE_S3_FORCE_PATH_STYLE: 'true',
    }),
    async close() {
      client.destroy();
      if (child.exitCode === null) child.kill();
      await exited;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
