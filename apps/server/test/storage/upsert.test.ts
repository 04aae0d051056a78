import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { makeImages, makeWav, PDF, type Fixture } from './fixtures';
import { download, listFiles, storageDirs, upload } from './storage-client';

const pdf: Fixture = { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' };

describe('overwriting, conflicts and form shapes', () => {
  let server: TestApp;
  let token: string;
  let folder: string;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    const account = await createVerifiedAccount(server.baseUrl, 'upsert@mit.edu');
    token = account.access_token;
    folder = `profile-pictures/${account.user.id}`;
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses to overwrite without upsert, overwrites with it, and the URL changes', async () => {
    const path = `${folder}/song.wav`;
    const first = await upload(server.baseUrl, {
      token,
      path,
      file: { bytes: makeWav(100), name: 'a.wav', type: 'audio/wav' },
    });
    expect(first.status).toBe(201);

    const again = await upload(server.baseUrl, {
      token,
      path,
      file: { bytes: makeWav(300), name: 'a.wav', type: 'audio/wav' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      code: 'CONFLICT',
      message: 'File already exists. Set upsert: true to overwrite.',
    });
    expect((await download(first.body.url)).bytes.equals(makeWav(100))).toBe(true);

    const replaced = await upload(server.baseUrl, {
      token,
      path,
      file: { bytes: makeWav(300), name: 'a.wav', type: 'audio/wav' },
      options: '{"upsert":true}',
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.path).toBe(path);
    expect(replaced.body.url).not.toBe(first.body.url);
    const fresh = await download(replaced.body.url);
    expect(fresh.bytes.equals(makeWav(300))).toBe(true);
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The old URL now serves the new version, so it must not be cached for long.
    const stale = await download(first.body.url);
    expect(stale.bytes.equals(makeWav(300))).toBe(true);
    expect(stale.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('counts two names that become the same WebP as the same file', async () => {
    const images = await makeImages(40, 40);
    const png = await upload(server.baseUrl, {
      token,
      path: `${folder}/me.png`,
      file: { bytes: images.png, name: 'me.png', type: 'image/png' },
    });
    expect(png.body.path).toBe(`${folder}/me.webp`);
    const jpeg = await upload(server.baseUrl, {
      token,
      path: `${folder}/me.jpg`,
      file: { bytes: images.jpeg, name: 'me.jpg', type: 'image/jpeg' },
    });
    expect(jpeg.status).toBe(409);
  });

  it('lets exactly one of several simultaneous uploads create a new file', async () => {
    const path = `${folder}/race.pdf`;
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => upload(server.baseUrl, { token, path, file: pdf })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('accepts the file before the path', async () => {
    const answer = await upload(server.baseUrl, {
      token,
      path: `${folder}/first.pdf`,
      file: pdf,
      fileFirst: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.body.path).toBe(`${folder}/first.pdf`);
  });

  it('keeps Unicode names, in one normal form', async () => {
    const decomposed = `${folder}/Cafe\u0301 menu.pdf`;
    const answer = await upload(server.baseUrl, { token, path: decomposed, file: pdf });
    expect(answer.status).toBe(201);
    expect(answer.body.path).toBe(`${folder}/Caf\u00e9 menu.pdf`);
    expect((await download(answer.body.url)).status).toBe(200);
  });

  it('answers 409 when a folder already holds the name, with or without upsert', async () => {
    await upload(server.baseUrl, { token, path: `${folder}/notes.pdf/inner.pdf`, file: pdf });
    for (const options of [undefined, '{"upsert":true}']) {
      const answer = await upload(server.baseUrl, {
        token,
        path: `${folder}/notes.pdf`,
        file: pdf,
        options,
      });
      expect(answer.status).toBe(409);
      expect(answer.body.message).toBe('A folder already exists at this path');
    }
  });

  it('refuses two files, a file under another name, and a JSON body', async () => {
    const before = listFiles(storageDirs(server).storageDir);
    const twoFiles = new FormData();
    twoFiles.append('path', `${folder}/two.pdf`);
    twoFiles.append('file', new Blob([PDF]), 'a.pdf');
    twoFiles.append('file', new Blob([PDF]), 'b.pdf');
    const wrongName = new FormData();
    wrongName.append('path', `${folder}/renamed.pdf`);
    wrongName.append('avatar', new Blob([PDF]), 'a.pdf');
    for (const body of [twoFiles, wrongName]) {
      const response = await fetch(`${server.baseUrl}/api/storage/campus/upload`, {
        method: 'POST',
        body,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Invalid request parameters',
      });
    }
    const json = await request(server.baseUrl, 'POST', '/api/storage/campus/upload', {
      token,
      body: { path: `${folder}/x.pdf` },
    });
    expect(json.status).toBe(400);
    expect(listFiles(storageDirs(server).storageDir)).toEqual(before);
    expect(listFiles(storageDirs(server).stagingDir)).toEqual([]);
  });
});
