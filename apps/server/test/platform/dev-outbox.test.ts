import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom } from '../helpers/request-from';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

// The outbox holds every verification link: whoever reads it can take over any new account.
describe.each(DIALECTS)('GET /dev/outbox on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    // 127.0.0.1 plays a reverse proxy in front of the server.
    server = await startTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email: 'ada@mit.edu', password: 'correct-horse-battery' },
    });
  });
  afterAll(() => server.close());

  const outboxUrl = () => `${server.baseUrl}/dev/outbox?to=ada@mit.edu`;

  it('answers a client on this machine', async () => {
    for (const localAddress of ['127.0.0.1', '127.0.0.2']) {
      const response = await requestFrom(outboxUrl(), { localAddress });
      expect(response.status).toBe(200);
      expect(JSON.parse(response.text).emails[0].text).toContain('/api/auth/verify?token=');
    }
  });

  it.each(['203.0.113.9', '10.0.0.5', '::ffff:198.51.100.7', '2001:db8::1'])(
    'refuses a remote client %s behind the proxy',
    async (client) => {
      const response = await requestFrom(outboxUrl(), {
        localAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
      });
      expect(response.status).toBe(403);
      expect(JSON.parse(response.text)).toMatchObject({ code: 'FORBIDDEN' });
      expect(response.text).not.toContain('token=');
    },
  );

  it('answers a local client that came through the proxy', async () => {
    const response = await requestFrom(outboxUrl(), {
      localAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '::1' },
    });
    expect(response.status).toBe(200);
  });

  it.each(['203.0.113.9', '::ffff:10.0.0.1', '2001:db8::2'])(
    'refuses a remote socket %s',
    async (remoteAddress) => {
      // Every socket of this machine is local: inject plays a connection from elsewhere.
      const response = await server.app.inject({ url: '/dev/outbox', remoteAddress });
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('token=');
    },
  );

  it.each(['::1', '::ffff:127.0.0.1', '127.1.2.3'])(
    'answers a loopback socket %s',
    async (remoteAddress) => {
      const response = await server.app.inject({ url: '/dev/outbox', remoteAddress });
      expect(response.statusCode).toBe(200);
    },
  );
});

describe('GET /dev/outbox in production', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite', { NODE_ENV: 'production' });
  });
  afterAll(() => server.close());

  it('does not exist, even for this machine', async () => {
    const response = await request(server.baseUrl, 'GET', '/dev/outbox');
    expect(response.status).toBe(404);
  });
});
