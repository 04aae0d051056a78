import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { makeImages, makeWav, PDF } from './fixtures';
import { download, downloadUrl, upload } from './storage-client';

describe('downloads', () => {
  let server: TestApp;
  const stored: Record<'image' | 'audio' | 'pdf', { path: string; url: string; size: number }> = {
    image: { path: '', url: '', size: 0 },
    audio: { path: '', url: '', size: 0 },
    pdf: { path: '', url: '', size: 0 },
  };
  const wav = makeWav(2000);

  beforeAll(async () => {
    server = await startTestApp('sqlite');
    const account = await createVerifiedAccount(server.baseUrl, 'down@mit.edu');
    const token = account.access_token;
    const folder = `profile-pictures/${account.user.id}`;
    const images = await makeImages(64, 64);
    const files = {
      image: { bytes: images.png, name: 'me.png', type: 'image/png' },
      audio: { bytes: wav, name: 'hello.wav', type: 'audio/wav' },
      pdf: { bytes: PDF, name: 'Résumé final.pdf', type: 'application/pdf' },
    };
    for (const kind of ['image', 'audio', 'pdf'] as const) {
      const file = files[kind];
      const answer = await upload(server.baseUrl, { token, path: `${folder}/${file.name}`, file });
      if (answer.status !== 201) throw new Error(JSON.stringify(answer.body));
      stored[kind] = answer.body;
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it.each([
    ['image', 'image/webp', /^inline; filename="me\.webp"/],
    ['audio', 'audio/wav', /^inline; filename="hello\.wav"/],
    [
      'pdf',
      'application/pdf',
      /^attachment; filename="R_sum_ final\.pdf"; filename\*=UTF-8''R%C3%A9sum%C3%A9%20final\.pdf$/,
    ],
  ] as const)(
    'serves the %s publicly with its type, length, validator and safety headers',
    async (kind, type, disposition) => {
      const { status, headers, bytes } = await download(stored[kind].url);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe(type);
      expect(headers.get('content-length')).toBe(String(stored[kind].size));
      expect(bytes.length).toBe(stored[kind].size);
      expect(headers.get('etag')).toMatch(/^"[^"]+"$/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(headers.get('content-disposition')).toMatch(disposition);
      expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    },
  );

  it('caches briefly when the URL carries no version, or a wrong one', async () => {
    for (const url of [
      downloadUrl(server.baseUrl, stored.image.path),
      `${downloadUrl(server.baseUrl, stored.image.path)}&v=old`,
    ]) {
      const { status, headers } = await download(url);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('public, max-age=60');
    }
  });

  it('answers 304 to a matching If-None-Match, and 200 to another tag', async () => {
    const first = await download(stored.image.url);
    const etag = first.headers.get('etag')!;
    const revalidated = await download(stored.image.url, { 'if-none-match': etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.bytes.length).toBe(0);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(
      (await download(stored.image.url, { 'if-none-match': `W/${etag}, "other"` })).status,
    ).toBe(304);
    expect((await download(stored.image.url, { 'if-none-match': '"other"' })).status).toBe(200);
  });

  it('serves byte ranges, so audio can seek', async () => {
    const size = stored.audio.size;
    const cases: [string, number, Buffer | null, string | null][] = [
      ['bytes=0-43', 206, wav.subarray(0, 44), `bytes 0-43/${size}`],
      ['bytes=100-', 206, wav.subarray(100), `bytes 100-${size - 1}/${size}`],
      ['bytes=-10', 206, wav.subarray(size - 10), `bytes ${size - 10}-${size - 1}/${size}`],
      [`bytes=${size}-`, 416, null, `bytes */${size}`],
      ['bytes=0-1,4-5', 200, wav, null],
    ];
    for (const [range, status, bytes, contentRange] of cases) {
      const answer = await download(stored.audio.url, { range });
      expect(answer.status, range).toBe(status);
      if (bytes) expect(answer.bytes.equals(bytes), range).toBe(true);
      expect(answer.headers.get('content-range'), range).toBe(contentRange);
    }
  });

  it.each([
    [
      'a file that does not exist',
      404,
      'File not found',
      () => downloadUrl(server.baseUrl, 'profile-pictures/nobody/x.png'),
    ],
    [
      'a folder',
      404,
      'File not found',
      () => downloadUrl(server.baseUrl, stored.image.path.replace(/\/[^/]+$/, '')),
    ],
    [
      'a traversal',
      400,
      'Invalid request parameters',
      () => downloadUrl(server.baseUrl, '../../etc/passwd'),
    ],
    [
      'no path',
      400,
      'Invalid request parameters',
      () => `${server.baseUrl}/api/storage/campus/download`,
    ],
    [
      'an unknown project',
      404,
      'Project elsewhere not found',
      () => downloadUrl(server.baseUrl, stored.image.path, 'elsewhere'),
    ],
  ])('answers %s with %i', async (_label, status, message, url) => {
    const response = await fetch(url());
    expect(response.status).toBe(status);
    expect(await response.json()).toMatchObject({ message });
  });
});
