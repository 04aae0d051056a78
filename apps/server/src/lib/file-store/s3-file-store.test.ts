
import { afterAll, beforeAll, describe } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../test/helpers/s3-server';
import { fileStoreContract } from './file-store-contract';
import { createS3FileStore } from './s3-file-store';

describe.each([
  ['a service that ignores conditional requests (s3rver as it is)', false],
  ['a service that honours If-None-Match and If-Match', true],
])('the S3 file store on %s', (_label, conditional) => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ conditional });
  });
  afterAll(async () => {
    await s3.close();
  });

  fileStoreContract(
    async () => {
      // A bucket per test, and pages of two keys so that listing and removal cross pages.
      const bucket = await s3.createBucket();
      return {
        store: createS3FileStore({ client: s3.client, bucket, pageSize: 2 }),
        cleanup: async () => {},
      };
    },
    { keepsReplacedVersions: false },
  );
});


