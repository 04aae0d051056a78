import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

/**
 * POST /api/data/{project}/fetch: a signed-in student's guarded proxy. A host the operator
 * opened answers; the server's own address, private addresses and the metadata address are
 * refused with 400 URL_NOT_ALLOWED before a byte is sent.
 */
describe.each(DIALECTS)('data fetch on %s', (kind) => {
  let server: TestApp;
  let target: Server;
  let targetPort: number;
  let connections = 0;
  let token: string;

  const post = (body: unknown, auth = `Bearer ${token}`, project = 'campus') =>
    fetch(`${server.baseUrl}/api/data/${project}/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    target = createServer((request, response) => {
      let received = '';
      request.on('data', (chunk: Buffer) => (received += chunk.toString()));
      request.on('end', () => {
        response.setHeader('x-seen-method', request.method ?? '');
        response.end(received ? `echo:${received}` : 'hello from the allowed host');
      });
    });
    target.on('connection', () => (connections += 1));
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    targetPort = (target.address() as AddressInfo).port;
    server = await startTestApp(kind, { DATA_ALLOWED_HOSTS: `127.0.0.1:${targetPort}` });
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => target.close(resolve));
  });

  it('fetches an allowed host for a signed-in student', async () => {
    const response = await post({ url: `http://127.0.0.1:${targetPort}/` });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { status: number; headers: Record<string, string> };
    expect(answer).toMatchObject({ status: 200, body: 'hello from the allowed host' });
    expect(answer.headers['x-seen-method']).toBe('GET');
  });

  it('sends a POST body along', async () => {
    const response = await post({
      url: `http://127.0.0.1:${targetPort}/`,
      method: 'POST',
      headers: { 'content-type': 'text/plain', Host: 'evil.example' },
      body: 'ping',
    });
    expect(await response.json()).toMatchObject({ status: 200, body: 'echo:ping' });
  });

  it('refuses the server itself, private and metadata addresses, unsent', async () => {
    const before = connections;
    const own = new URL(server.baseUrl);
    for (const url of [
      `${server.baseUrl}/api/health`,
      `http://localhost:${own.port}/api/health`,
      `http://localhost:${targetPort}/`,
      `http://[::ffff:127.0.0.1]:${targetPort}/`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'file:///etc/passwd',
    ]) {
      const response = await post({ url });
      expect({ url, status: response.status, body: await response.json() }).toMatchObject({
        url,
        status: 400,
        body: { code: 'URL_NOT_ALLOWED' },
      });
    }
    expect(connections).toBe(before);
  });

  it('answers 401 without a token, 404 for another project, 400 for a bad body, a row list or __proto__', async () => {
    expect((await post({ url: 'http://example.com/' }, '')).status).toBe(401);
    expect((await post({ url: 'http://example.com/' }, undefined, 'other')).status).toBe(404);
    expect((await post({ url: 'http://example.com/', method: 'DELETE' })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    const rows = Array.from({ length: 2000 }, () => ({ url: `http://127.0.0.1:${targetPort}/` }));
    expect((await post(rows)).status).toBe(400);
    const smuggled = `{"url":"http://127.0.0.1:${targetPort}/","headers":{"__proto__":{"x":"1"}}}`;
    const response = await fetch(`${server.baseUrl}/api/data/campus/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: smuggled,
    });
    expect(response.status).toBe(400);
  });
});
