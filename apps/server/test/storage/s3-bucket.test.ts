import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, type TestApp } from '../helpers/test-app';
import { makeWav, PDF } from './fixtures';
import { pdfOf, startServersOnOneBucket, type SharedBucket } from './shared-bucket';
import { download, listFiles, storageDirs, through, upload } from './storage-client';

const KIB = 1024;

/**
 * Two servers on one database and one bucket, as behind a load balancer: a file stored through
 * either is served, replaced, counted and removed through the other (docs/architecture.md §2.1).
 */
describe.each(DIALECTS)(
  'the storage routes on an S3 bucket, two servers sharing one %s database',
  (kind) => {
    let shared: SharedBucket;
    let first: TestApp;
    let second: TestApp;
    const objectsUnder = (prefix: string) => shared.objectsUnder(prefix);

    beforeAll(async () => {
      shared = await startServersOnOneBucket(kind, { STORAGE_QUOTA_MB: '1' });
      ({ first, second } = shared);
    });
    afterAll(() => shared?.close());

    it('stores an upload in the bucket, and the other server serves it with ranges and 304s', async () => {
      const ada = await createVerifiedAccount(first.baseUrl, 'ada@mit.edu');
      const wav = makeWav(2000);
      const path = `profile-pictures/${ada.user.id}/hello.wav`;
      const stored = await upload(first.baseUrl, {
        token: ada.access_token,
        path,
        file: { bytes: wav, name: 'hello.wav', type: 'audio/wav' },
      });
      expect(stored.status).toBe(201);
      expect(await objectsUnder(`profile-pictures/${ada.user.id}/`)).toEqual([path]);
      expect(listFiles(storageDirs(first).storageDir)).toEqual([]);
      expect(listFiles(storageDirs(first).stagingDir)).toEqual([]);

      const url = through(second.baseUrl, stored.body.url);
      const whole = await download(url);
      expect(whole.status).toBe(200);
      expect(whole.bytes.equals(wav)).toBe(true);
      expect(whole.headers.get('content-type')).toBe('audio/wav');
      expect(whole.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const etag = whole.headers.get('etag')!;
      expect(etag).toMatch(/^"[^"]+"$/);
      expect((await download(stored.body.url)).headers.get('etag')).toBe(etag);

      const ranged = await download(url, { range: 'bytes=100-199' });
      expect(ranged.status).toBe(206);
      expect(ranged.headers.get('content-range')).toBe(`bytes 100-199/${wav.length}`);
      expect(ranged.bytes.equals(wav.subarray(100, 200))).toBe(true);
      const tail = await download(url, { range: 'bytes=-10' });
      expect(tail.bytes.equals(wav.subarray(wav.length - 10))).toBe(true);
      expect((await download(url, { range: `bytes=${wav.length}-` })).status).toBe(416);

      const revalidated = await download(url, { 'if-none-match': etag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.bytes.length).toBe(0);
      expect((await download(url, { 'if-none-match': '"other"' })).status).toBe(200);
    });

    it('refuses to overwrite without upsert on either server, and overwrites with it', async () => {
      const bob = await createVerifiedAccount(first.baseUrl, 'bob@mit.edu');
      const path = `profile-pictures/${bob.user.id}/cv.pdf`;
      const put = (server: TestApp, fill: string, options?: string) =>
        upload(server.baseUrl, {
          token: bob.access_token,
          path,
          file: pdfOf(2 * KIB, fill),
          options,
        });
      const created = await put(first, 'a');
      expect(created.status).toBe(201);

      for (const server of [first, second]) {
        const refused = await put(server, 'b');
        expect(refused.status).toBe(409);
        expect(refused.body).toEqual({
          code: 'CONFLICT',
          message: 'File already exists. Set upsert: true to overwrite.',
        });
      }
      expect((await download(through(second.baseUrl, created.body.url))).bytes).toEqual(
        pdfOf(2 * KIB, 'a').bytes,
      );

      const replaced = await put(second, 'c', '{"upsert":true}');
      expect(replaced.status).toBe(200);
      expect(replaced.body.url).not.toBe(through(second.baseUrl, created.body.url));
      for (const server of [first, second]) {
        const fresh = await download(through(server.baseUrl, replaced.body.url));
        expect(fresh.bytes).toEqual(pdfOf(2 * KIB, 'c').bytes);
        // The first URL names a version that is gone: it serves the new one, cached briefly.
        const stale = await download(through(server.baseUrl, created.body.url));
        expect(stale.bytes).toEqual(pdfOf(2 * KIB, 'c').bytes);
        expect(stale.headers.get('cache-control')).toBe('public, max-age=60');
      }

      const inFolder = await upload(first.baseUrl, {
        token: bob.access_token,
        path: `${path}/inner.pdf`,
        file: pdfOf(KIB),
      });
      expect(inFolder.status).toBe(409);
    });

    it('answers 409 when a folder holds the name, and removes files for both servers', async () => {
      const cy = await createVerifiedAccount(first.baseUrl, 'cy@mit.edu');
      const folder = `profile-pictures/${cy.user.id}`;
      const inner = await upload(first.baseUrl, {
        token: cy.access_token,
        path: `${folder}/docs.pdf/inner.pdf`,
        file: pdfOf(KIB),
      });
      expect(inner.status).toBe(201);
      const onFolder = await upload(second.baseUrl, {
        token: cy.access_token,
        path: `${folder}/docs.pdf`,
        file: pdfOf(KIB),
        options: '{"upsert":true}',
      });
      expect(onFolder.status).toBe(409);
      expect(onFolder.body.message).toBe('A folder already exists at this path');

      const removed = await request(second.baseUrl, 'DELETE', '/api/storage/campus/remove', {
        token: cy.access_token,
        body: {
          paths: [`${folder}/docs.pdf/inner.pdf`, `${folder}/docs.pdf`, `${folder}/never.pdf`],
        },
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ removed: [`${folder}/docs.pdf/inner.pdf`] });
      expect(await objectsUnder(`${folder}/`)).toEqual([]);
      expect((await download(inner.body.url)).status).toBe(404);
    });

    it('counts the quota from the bucket, whichever server stored the files', async () => {
      const dee = await createVerifiedAccount(first.baseUrl, 'dee@mit.edu');
      const folder = `profile-pictures/${dee.user.id}`;
      const put = (server: TestApp, name: string) =>
        upload(server.baseUrl, {
          token: dee.access_token,
          path: `${folder}/${name}`,
          file: pdfOf(400 * KIB),
        });
      expect((await put(first, 'one.pdf')).status).toBe(201);
      expect((await put(second, 'two.pdf')).status).toBe(201);
      const over = await put(first, 'three.pdf');
      expect(over.status).toBe(413);
      expect(over.body.code).toBe('STORAGE_QUOTA_EXCEEDED');
      expect(await objectsUnder(`${folder}/`)).toEqual([`${folder}/one.pdf`, `${folder}/two.pdf`]);
    });

    it('removes every object of a deleted account from the bucket, and no one else’s', async () => {
      const eve = await createVerifiedAccount(first.baseUrl, 'eve@mit.edu');
      const fay = await createVerifiedAccount(first.baseUrl, 'fay@mit.edu');
      const eveFolder = `profile-pictures/${eve.user.id}`;
      const urls: string[] = [];
      for (const [token, path] of [
        [eve.access_token, `${eveFolder}/cv.pdf`],
        [eve.access_token, `${eveFolder}/deep/er/notes.pdf`],
        [fay.access_token, `profile-pictures/${fay.user.id}/cv.pdf`],
      ] as const) {
        const answer = await upload(first.baseUrl, {
          token,
          path,
          file: { bytes: PDF, name: 'x.pdf', type: 'application/pdf' },
        });
        expect(answer.status).toBe(201);
        urls.push(answer.body.url);
      }

      const deleted = await request(first.baseUrl, 'DELETE', '/api/auth/me', {
        token: eve.access_token,
      });
      expect(deleted.status).toBe(204);
      expect(await objectsUnder(`${eveFolder}/`)).toEqual([]);
      expect(await objectsUnder(`profile-pictures/${fay.user.id}/`)).toEqual([
        `profile-pictures/${fay.user.id}/cv.pdf`,
      ]);
      expect((await download(through(second.baseUrl, urls[0]!))).status).toBe(404);
      expect((await download(through(second.baseUrl, urls[1]!))).status).toBe(404);
      expect((await download(through(second.baseUrl, urls[2]!))).status).toBe(200);
    });
  },
);
