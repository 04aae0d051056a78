import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { makeAnimatedGif, makeImages } from './fixtures';
import { download, upload } from './storage-client';

describe('profile pictures', () => {
  let server: TestApp;
  let token: string;
  let folder: string;
  let images: Awaited<ReturnType<typeof makeImages>>;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    const account = await createVerifiedAccount(server.baseUrl, 'pictures@mit.edu');
    token = account.access_token;
    folder = `profile-pictures/${account.user.id}`;
    images = await makeImages(1600, 900);
  });
  afterAll(async () => {
    await server.close();
  });

  it('turns a profile picture into a WebP of at most 512 px, keeping its proportions', async () => {
    const answer = await upload(server.baseUrl, {
      token,
      path: `${folder}/large.png`,
      file: { bytes: images.png, name: 'large.png', type: 'image/png' },
    });
    const stored = await sharp((await download(answer.body.url)).bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 512, height: 288 });
  });

  it('never enlarges a small picture', async () => {
    const small = await makeImages(120, 90);
    const answer = await upload(server.baseUrl, {
      token,
      path: `${folder}/small.jpg`,
      file: { bytes: small.jpeg, name: 'small.jpg', type: 'image/jpeg' },
    });
    const stored = await sharp((await download(answer.body.url)).bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 120, height: 90 });
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const gif = await makeAnimatedGif();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const answer = await upload(server.baseUrl, {
      token,
      path: `${folder}/moving.gif`,
      file: { bytes: gif, name: 'moving.gif', type: 'image/gif' },
    });
    expect(answer.body.path).toBe(`${folder}/moving.webp`);
    const bytes = (await download(answer.body.url)).bytes;
    const stored = await sharp(bytes).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(stored.pages ?? 1).toBe(1);
    // The first frame was the darkest red (40).
    const { dominant } = await sharp(bytes).stats();
    expect(dominant.r).toBeLessThan(100);
  });
});
