import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { listFiles, storageDirs, upload } from './storage-client';

const KIB = 1024;

/** A PDF of `size` bytes: the signature, then filler. */
function pdfOf(size: number) {
  const bytes = Buffer.alloc(size, 'a');
  bytes.write('%PDF-1.4\n');
  return { bytes, name: 'notes.pdf', type: 'application/pdf' };
}

describe.each(DIALECTS)('the per-student storage quota on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { STORAGE_QUOTA_MB: '1' });
  });
  afterAll(() => server.close());

  it('refuses the upload that would pass it with 413, and stores nothing of it', async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const folder = `profile-pictures/${ada.user.id}`;
    const put = (name: string, size: number, upsert = false) =>
      upload(server.baseUrl, {
        token: ada.access_token,
        path: `${folder}/${name}`,
        file: pdfOf(size),
        options: JSON.stringify({ upsert }),
      });

    expect((await put('one.pdf', 400 * KIB)).status).toBe(201);
    expect((await put('two.pdf', 400 * KIB)).status).toBe(201);
    const over = await put('three.pdf', 400 * KIB);
    expect(over.status).toBe(413);
    expect(over.body).toEqual({
      code: 'STORAGE_QUOTA_EXCEEDED',
      message:
        'Storage limit reached: this file needs 0.4 MB, but only 0.2 MB of your 1 MB is free',
    });
    expect(
      listFiles(storageDirs(server).storageDir).filter((file) => file.includes('three')),
    ).toEqual([]);

    // Replacing a file counts only what it adds; removing one frees its space.
    expect((await put('two.pdf', 500 * KIB, true)).status).toBe(200);
    expect((await put('two.pdf', 700 * KIB, true)).status).toBe(413);
    const removed = await request(server.baseUrl, 'DELETE', '/api/storage/campus/remove', {
      token: ada.access_token,
      body: { paths: [`${folder}/one.pdf`] },
    });
    expect(removed.status).toBe(200);
    expect((await put('three.pdf', 400 * KIB)).status).toBe(201);
  });

  it('counts each student apart, and concurrent uploads cannot slip past it together', async () => {
    const bob = await createVerifiedAccount(server.baseUrl, 'bob@mit.edu');
    const eve = await createVerifiedAccount(server.baseUrl, 'eve@mit.edu');
    const folder = `profile-pictures/${bob.user.id}`;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        upload(server.baseUrl, {
          token: bob.access_token,
          path: `${folder}/part-${n}.pdf`,
          file: pdfOf(400 * KIB),
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 201, 413, 413]);

    const other = await upload(server.baseUrl, {
      token: eve.access_token,
      path: `profile-pictures/${eve.user.id}/mine.pdf`,
      file: pdfOf(900 * KIB),
    });
    expect(other.status).toBe(201);
  });
});
