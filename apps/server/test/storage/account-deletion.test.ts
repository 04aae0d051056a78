import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { makeImages, PDF } from './fixtures';
import { download, listFiles, storageDirs, upload } from './storage-client';

describe.each(DIALECTS)('deleting an account on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  it('removes its whole folder before DELETE /api/auth/me answers, and no one else’s', async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const bob = await createVerifiedAccount(server.baseUrl, 'bob@mit.edu');
    const images = await makeImages(32, 32);
    const adaFolder = `profile-pictures/${ada.user.id}`;
    const uploads = [
      {
        token: ada.access_token,
        path: `${adaFolder}/avatar.png`,
        file: { bytes: images.png, name: 'a.png', type: 'image/png' },
      },
      {
        token: ada.access_token,
        path: `${adaFolder}/docs/cv.pdf`,
        file: { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' },
      },
      {
        token: bob.access_token,
        path: `profile-pictures/${bob.user.id}/avatar.png`,
        file: { bytes: images.png, name: 'b.png', type: 'image/png' },
      },
    ];
    const urls: string[] = [];
    for (const input of uploads) {
      const answer = await upload(server.baseUrl, input);
      expect(answer.status).toBe(201);
      urls.push(answer.body.url);
    }

    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: ada.access_token,
    });
    expect(deleted.status).toBe(204);

    expect(existsSync(path.join(storageDirs(server).storageDir, adaFolder))).toBe(false);
    expect(listFiles(storageDirs(server).storageDir)).toEqual([
      `profile-pictures/${bob.user.id}/avatar.webp`,
    ]);
    expect((await download(urls[0]!)).status).toBe(404);
    expect((await download(urls[1]!)).status).toBe(404);
    expect((await download(urls[2]!)).status).toBe(200);
  });
});
