import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import {
  CORRUPT_PNG,
  EXE,
  HTML,
  makeImages,
  makeWav,
  MP3,
  OGG,
  PDF,
  SVG,
  TEXT,
  WEBM,
} from './fixtures';
import { download, listFiles, storageDirs, upload } from './storage-client';

describe('what the store accepts, and what it makes of it', () => {
  let server: TestApp;
  let token: string;
  let folder: string;
  let images: Awaited<ReturnType<typeof makeImages>>;

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    const account = await createVerifiedAccount(server.baseUrl, 'types@mit.edu');
    token = account.access_token;
    folder = `profile-pictures/${account.user.id}`;
    images = await makeImages(1600, 900);
  });
  afterAll(async () => {
    await server.close();
  });

  // [what, its bytes, the type the browser declares, the name asked for, stored as, served as]
  const accepted: [string, () => Buffer, string, string, string, string][] = [
    ['PNG', () => images.png, 'image/png', 'a.png', 'a.webp', 'image/webp'],
    ['JPEG', () => images.jpeg, 'image/jpeg', 'b.jpeg', 'b.webp', 'image/webp'],
    ['GIF', () => images.gif, 'image/gif', 'c.gif', 'c.webp', 'image/webp'],
    ['WebP', () => images.webp, 'image/webp', 'd.webp', 'd.webp', 'image/webp'],
    ['AVIF', () => images.avif, 'image/avif', 'e.avif', 'e.webp', 'image/webp'],
    ['a PNG named .jpg', () => images.png, 'image/jpeg', 'f.jpg', 'f.webp', 'image/webp'],
    ['PDF', () => PDF, 'application/pdf', 'cv.pdf', 'cv.pdf', 'application/pdf'],
    ['a PDF named .png', () => PDF, 'image/png', 'cv2.png', 'cv2.pdf', 'application/pdf'],
    ['WAV', () => makeWav(), 'audio/wav', 'g.wav', 'g.wav', 'audio/wav'],
    ['a WAV named .mp3', () => makeWav(), 'audio/mpeg', 'h.mp3', 'h.wav', 'audio/wav'],
    ['MP3', () => MP3, 'audio/mpeg', 'i.mp3', 'i.mp3', 'audio/mpeg'],
    ['Ogg Vorbis', () => OGG, 'audio/ogg', 'j.ogg', 'j.ogg', 'audio/ogg'],
    ['WebM audio with no extension', () => WEBM, 'audio/webm', 'k', 'k.webm', 'audio/webm'],
  ];

  it.each(accepted)('accepts %s', async (_label, bytes, declared, name, stored, type) => {
    const file = { bytes: bytes(), name, type: declared };
    const answer = await upload(server.baseUrl, { token, path: `${folder}/${name}`, file });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({ path: `${folder}/${stored}`, contentType: type });
    const fetched = await download(answer.body.url);
    expect(fetched.status).toBe(200);
    expect(fetched.headers.get('content-type')).toBe(type);
    expect(fetched.bytes.length).toBe(answer.body.size);
    if (!type.startsWith('image/')) expect(fetched.bytes.equals(file.bytes)).toBe(true);
  });

  // [what, its bytes, the name and type the browser declares, the message]
  const refused: [string, Buffer, string, string, string][] = [
    ['SVG', SVG, 'x.svg', 'image/svg+xml', 'Unsupported file type'],
    ['SVG named .png', SVG, 'x.png', 'image/png', 'Unsupported file type'],
    ['HTML', HTML, 'x.html', 'text/html', 'Unsupported file type'],
    ['HTML named .jpg', HTML, 'x.jpg', 'image/jpeg', 'Unsupported file type'],
    ['plain text', TEXT, 'x.txt', 'text/plain', 'Unsupported file type'],
    ['an executable', EXE, 'x.exe', 'application/octet-stream', 'Unsupported file type'],
    ['an empty file', Buffer.alloc(0), 'x.png', 'image/png', 'Unsupported file type'],
    ['a PNG signature over garbage', CORRUPT_PNG, 'x.png', 'image/png', 'Unsupported file type'],
    ['text declared as audio', TEXT, 'x.mp3', 'audio/mpeg', 'Unsupported audio input type'],
    ['HTML declared as audio', HTML, 'x.wav', 'audio/wav', 'Unsupported audio input type'],
  ];

  it.each(refused)('refuses %s, storing nothing', async (_label, bytes, name, type, message) => {
    const before = listFiles(storageDirs(server).storageDir);
    const file = { bytes, name, type };
    const answer = await upload(server.baseUrl, { token, path: `${folder}/refused-${name}`, file });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', message });
    expect(listFiles(storageDirs(server).storageDir)).toEqual(before);
    expect(listFiles(storageDirs(server).stagingDir)).toEqual([]);
  });
});
