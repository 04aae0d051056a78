import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';
import { request, startTestApp, startTestAppBeside, type TestApp } from '../helpers/test-app';
import { upload } from './storage-client';

const KIB = 1024;
const ROUNDS = 5;

/** A PDF of `size` bytes: the signature, then filler. */
function pdfOf(size: number) {
  const bytes = Buffer.alloc(size, 'a');
  bytes.write('%PDF-1.4\n');
  return { bytes, name: 'notes.pdf', type: 'application/pdf' };
}

/**
 * Two instances on one PostgreSQL database and one bucket, as behind a load balancer
 * (docs/architecture.md §2.5, §4.3): a student's uploads take turns across both, so two
 * uploads sent at once through different instances cannot each see the room the other takes.
 */
describe('the storage quota across two instances sharing one postgres database', () => {
  let s3: TestS3Server;
  let bucket: string;
  let first: TestApp;
  let second: TestApp;
  const objectsUnder = async (prefix: string) => {
    const page = await s3.client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (page.Contents ?? []).map((object) => object.Key!).sort();
  };

  beforeAll(async () => {
    // The app's S3 client finds its credentials as in production: the SDK's chain reads them here.
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    s3 = await startS3Server({ conditional: true });
    bucket = await s3.createBucket();
    const env = { ...s3.env(bucket), STORAGE_QUOTA_MB: '1' };
    first = await startTestApp('postgres', env);
    second = await startTestAppBeside(first, env);
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await s3?.close();
    vi.unstubAllEnvs();
  });

  it('lets one of two 600 KB uploads sent at once through each instance in, and refuses the other with 413', async () => {
    const ada = await createVerifiedAccount(first.baseUrl, 'ada@mit.edu');
    const folder = `profile-pictures/${ada.user.id}/`;
    for (let round = 1; round <= ROUNDS; round++) {
      const paths = [`${folder}round-${round}-a.pdf`, `${folder}round-${round}-b.pdf`];
      const answers = await Promise.all(
        [first, second].map((server, index) =>
          upload(server.baseUrl, {
            token: ada.access_token,
            path: paths[index],
            file: pdfOf(600 * KIB),
          }),
        ),
      );

      expect(answers.map((answer) => answer.status).sort(), `round ${round}`).toEqual([201, 413]);
      const refused = answers.find((answer) => answer.status === 413)!;
      expect(refused.body.code).toBe('STORAGE_QUOTA_EXCEEDED');
      const stored = answers.find((answer) => answer.status === 201)!;
      expect(await objectsUnder(folder)).toEqual([stored.body.path]);

      // Room again for the next round, removed through either instance.
      const removed = await request(second.baseUrl, 'DELETE', '/api/storage/campus/remove', {
        token: ada.access_token,
        body: { paths: [stored.body.path] },
      });
      expect(removed.status).toBe(200);
      expect(await objectsUnder(folder)).toEqual([]);
    }
  });

  it('keeps different students apart: both fill their own room at once', async () => {
    const bob = await createVerifiedAccount(first.baseUrl, 'bob@mit.edu');
    const eve = await createVerifiedAccount(first.baseUrl, 'eve@mit.edu');
    const uploads = [
      { server: first, student: bob },
      { server: second, student: eve },
    ];
    const answers = await Promise.all(
      uploads.map(({ server, student }) =>
        upload(server.baseUrl, {
          token: student.access_token,
          path: `profile-pictures/${student.user.id}/mine.pdf`,
          file: pdfOf(900 * KIB),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
  });
});
