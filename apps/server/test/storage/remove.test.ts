import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { PDF, type Fixture } from './fixtures';
import { download, downloadUrl, upload } from './storage-client';

const pdf: Fixture = { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' };

describe('removing files', () => {
  let server: TestApp;
  let ada: { token: string; folder: string };
  let bob: { token: string; folder: string };

  const store = async (owner: typeof ada, name: string) => {
    const answer = await upload(server.baseUrl, {
      token: owner.token,
      path: `${owner.folder}/${name}`,
      file: pdf,
    });
    if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
    return answer.body.path;
  };
  const remove = (token: string | undefined, body: unknown) =>
    request<{ removed: string[]; code: string; message: string }>(
      server.baseUrl,
      'DELETE',
      '/api/storage/campus/remove',
      { token, body },
    );
  const exists = async (path: string) =>
    (await download(downloadUrl(server.baseUrl, path))).status === 200;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    for (const [name, assign] of [
      ['ada', (value: typeof ada) => (ada = value)],
      ['bob', (value: typeof bob) => (bob = value)],
    ] as const) {
      const account = await createVerifiedAccount(server.baseUrl, `${name}@mit.edu`);
      assign({ token: account.access_token, folder: `profile-pictures/${account.user.id}` });
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('removes own files, lists only those that existed, and they are gone', async () => {
    const kept = await store(ada, 'kept.pdf');
    const gone = await store(ada, 'gone.pdf');
    const answer = await remove(ada.token, { paths: [gone, gone, `${ada.folder}/never.pdf`] });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ removed: [gone] });
    expect(await exists(gone)).toBe(false);
    expect((await download(downloadUrl(server.baseUrl, gone))).bytes.toString()).toContain(
      'File not found',
    );
    expect(await exists(kept)).toBe(true);
  });

  it("refuses another user's file with 403 and removes nothing of the request", async () => {
    const bobs = await store(bob, 'bobs.pdf');
    const adas = await store(ada, 'mine.pdf');
    const answer = await remove(ada.token, { paths: [adas, bobs] });
    expect(answer.status).toBe(403);
    expect(answer.body.code).toBe('FORBIDDEN');
    expect(await exists(bobs)).toBe(true);
    expect(await exists(adas)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    const answer = await remove(undefined, { paths: [`${ada.folder}/kept.pdf`] });
    expect(answer.status).toBe(401);
  });

  it.each([
    ['no paths', () => ({ paths: [] })],
    [
      'more than 100 paths',
      () => ({ paths: Array.from({ length: 101 }, (_, i) => `${ada.folder}/${i}.pdf`) }),
    ],
    ['a path that is not a string', () => ({ paths: [42] })],
    ['no paths field', () => ({ path: `${ada.folder}/kept.pdf` })],
    ['a traversal', () => ({ paths: [`${ada.folder}/../${bob.folder.split('/')[1]}/bobs.pdf`] })],
    ['an absolute path', () => ({ paths: ['/etc/passwd'] })],
  ])("answers %s with 400 'Invalid request parameters'", async (_label, body) => {
    const answer = await remove(ada.token, body());
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid request parameters',
    });
  });
});
