import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import { TEST_JWT_SECRET } from '../helpers/test-app';

describe('serving the built web app', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'campuscollab-dist-'));
  const script = 'console.log("campus");'.repeat(50);
  let database: TestDatabase;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>CampusCollab</title></head><body></body></html>',
    );
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-abc123.js', isEntry: true },
        'src/pages/auth/auth-page.tsx': {
          file: 'assets/auth-page-def456.js',
          isDynamicEntry: true,
          imports: ['index.html'],
        },
      }),
    );
    writeFileSync(
      path.join(dist, '.vite', 'page-chunks.json'),
      JSON.stringify({ auth: 'src/pages/auth/auth-page.tsx' }),
    );
    const asset = path.join(dist, 'assets', 'index-abc123.js');
    writeFileSync(asset, script);
    writeFileSync(`${asset}.br`, brotliCompressSync(script));
    writeFileSync(`${asset}.gz`, gzipSync(script));
    database = await createTestDatabase('sqlite');
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test' }),
      database,
      ownsDatabase: false,
      jwtSecret: TEST_JWT_SECRET,
      logger: pino({ level: 'silent' }),
      webDistDir: dist,
    });
  });
  afterAll(async () => {
    await app.close();
    await database.drop();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends hashed assets precompressed and cached for a year', async () => {
    const brotli = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotli.rawPayload.length).toBeLessThan(script.length / 5);

    const gzip = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');

    const plain = await app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('always revalidates index.html', async () => {
    const page = await app.inject({ url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<title>CampusCollab</title>');
    expect(page.body).not.toContain('modulepreload');
  });

  it("preloads the chunks of the page a link opens, and only a page's", async () => {
    const auth = await app.inject({ url: '/?page=auth' });
    expect(auth.statusCode).toBe(200);
    expect(auth.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(auth.headers['cache-control']).toBe('no-cache');
    expect(auth.body).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/auth-page-def456.js"></head>',
    );
    for (const page of ['settings', '../auth', 'constructor']) {
      const other = await app.inject({ url: `/?page=${encodeURIComponent(page)}` });
      expect(other.statusCode).toBe(200);
      expect(other.body).toContain('<title>CampusCollab</title>');
      expect(other.body).not.toContain('modulepreload');
    }
  });
});
