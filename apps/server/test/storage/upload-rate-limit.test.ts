import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { PDF } from './fixtures';
import { upload } from './storage-client';

describe('the upload rate limit', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await server.close();
  });

  it('allows 30 uploads a minute from one address, then answers 429 with Retry-After', async () => {
    const attempt = () =>
      upload(server.baseUrl, {
        path: 'profile-pictures/someone/cv.pdf',
        file: { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' },
      });
    for (let i = 0; i < 30; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Downloads are not limited: pages show many pictures at once.
    const download = await fetch(`${server.baseUrl}/api/storage/campus/download?path=a/b.png`);
    expect(download.status).toBe(404);
  });
});
