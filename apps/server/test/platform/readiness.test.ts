import { mkdirSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RawConnection } from '../helpers/raw-http';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

const READY = '/api/health/ready';

describe.each(DIALECTS)('GET /api/health/ready on %s', (kind) => {
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('answers 200 ready, never cached, when the database and the file store answer', async () => {
    server = await startTestApp(kind);
    const ready = await request(server.baseUrl, 'GET', READY);
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
    expect(ready.headers.get('cache-control')).toBe('no-store');
    // Anonymous and unlimited: a probe every second from several balancers is normal.
    for (let probe = 0; probe < 50; probe += 1) {
      expect((await request(server.baseUrl, 'GET', READY)).status).toBe(200);
    }
  });

  it('answers 503 naming the database once it is gone', async () => {
    server = await startTestApp(kind);
    await server.database.close();
    const down = await request(server.baseUrl, 'GET', READY);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'Not ready: database unavailable',
      status: 'unavailable',
      database: 'unavailable',
      storage: 'ok',
    });
    expect(down.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 naming the file store when it cannot be read', async () => {
    server = await startTestApp(kind);
    // A link to itself: every look inside fails (ELOOP), even for root, as a lost mount would.
    const root = path.join(server.config.dataDir, 'storage');
    rmSync(root, { recursive: true, force: true });
    mkdirSync(server.config.dataDir, { recursive: true });
    symlinkSync(root, root);
    const down = await request(server.baseUrl, 'GET', READY);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({
      message: 'Not ready: storage unavailable',
      database: 'ok',
      storage: 'unavailable',
    });
  });

  it('answers 503 shutting-down to a probe that arrives while the app closes', async () => {
    server = await startTestApp(kind);
    // Each connection sends one whole request and the start of a second in one write: once
    // the first is answered, the server holds the second as under way, so closing the app keeps
    // the connection open (an idle one would be closed) and the test finishes it afterwards.
    const head = (url: string) => `GET ${url} HTTP/1.1\r\nHost: test\r\n`;
    const probe = await RawConnection.open(server.baseUrl);
    const other = await RawConnection.open(server.baseUrl);
    probe.write(`${head(READY)}\r\n${head(READY)}`);
    other.write(`${head('/api/health')}\r\n${head('/api/health')}`);
    expect((await probe.readAnswer()).status).toBe(200);
    expect((await other.readAnswer()).status).toBe(200);

    const closed = server.app.close();
    // The server stops listening only after the preClose hooks, that is once it is closing.
    while (server.app.server.listening) await new Promise((resolve) => setImmediate(resolve));

    probe.write('\r\n');
    other.write('\r\n');
    const [draining, refused] = [await probe.readAnswer(), await other.readAnswer()];
    expect(draining.status).toBe(503);
    expect(JSON.parse(draining.body)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is shutting down',
      status: 'shutting-down',
    });
    expect(draining.headers['cache-control']).toBe('no-store');
    expect(draining.headers.connection).toBe('close');
    // Every other route sheds the request too, in the API's error shape.
    expect(refused.status).toBe(503);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The server is shutting down',
    });
    expect(refused.headers.connection).toBe('close');
    await closed;
  });
});
