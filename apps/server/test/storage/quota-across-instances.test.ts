import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, type TestApp } from '../helpers/test-app';
import { pdfOf, startServersOnOneBucket, type SharedBucket } from './shared-bucket';
import { upload } from './storage-client';

const KIB = 1024;
const ROUNDS = 5;

/**
 * Two instances on one PostgreSQL database and one bucket, as behind a load balancer
 * (docs/architecture.md §2.5, §4.3): a student's uploads take turns across both, so two
 * uploads sent at once through different instances cannot each see the room the other takes.
 */
describe('the storage quota across two instances sharing one postgres database', () => {
  let shared: SharedBucket;
  let first: TestApp;
  let second: TestApp;
  const objectsUnder = (prefix: string) => shared.objectsUnder(prefix);

  beforeAll(async () => {
    shared = await startServersOnOneBucket('postgres', { STORAGE_QUOTA_MB: '1' });
    ({ first, second } = shared);
  });
  afterAll(() => shared?.close());

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
