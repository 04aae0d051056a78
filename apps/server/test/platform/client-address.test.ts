import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom } from '../helpers/request-from';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

const LIMITS = { REFRESH_RATE_LIMIT_PER_MINUTE: '2', AUTH_RATE_LIMIT_PER_MINUTE: '2' };

/** Three refreshes (limit 2) from one machine, claiming to forward for `forwardedFor`. */
async function refreshThrice(server: TestApp, localAddress: string, forwardedFor?: string) {
  const statuses = [];
  for (let n = 0; n < 3; n++) {
    const response = await requestFrom(`${server.baseUrl}/api/auth/refresh`, {
      localAddress,
      method: 'POST',
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      body: { refresh_token: 'not-a-token' },
    });
    statuses.push(response.status);
  }
  return statuses;
}

const signInFrom = (server: TestApp, localAddress: string, forwardedFor: string) =>
  requestFrom(`${server.baseUrl}/api/auth/signin`, {
    localAddress,
    method: 'POST',
    headers: { 'x-forwarded-for': forwardedFor },
    body: { email: 'nobody@mit.edu', password: 'long-enough-1' },
  });

describe.each(DIALECTS)('the client address on %s', (kind) => {
  describe('without TRUST_PROXY', () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await startTestApp(kind, LIMITS);
    });
    afterAll(() => server.close());

    it('ignores X-Forwarded-For: a forged one escapes no limit', async () => {
      const statuses = [];
      for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        statuses.push((await refreshThrice(server, '127.0.0.2', forged)).at(-1));
      }
      expect(statuses).toEqual([429, 429, 429]);
      const signIns = [];
      for (const forged of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
        signIns.push((await signInFrom(server, '127.0.0.2', forged)).status);
      }
      expect(signIns).toEqual([400, 400, 429]);
    });
  });

  describe('with TRUST_PROXY naming the proxy', () => {
    let server: TestApp;
    beforeAll(async () => {
      // 127.0.0.1 plays the proxy; other loopback addresses are clients that reach us directly.
      server = await startTestApp(kind, { ...LIMITS, TRUST_PROXY: '127.0.0.1' });
    });
    afterAll(() => server.close());

    it('gives each forwarded client its own limits', async () => {
      expect(await refreshThrice(server, '127.0.0.1', '203.0.113.1')).toEqual([401, 401, 429]);
      expect(await refreshThrice(server, '127.0.0.1', '203.0.113.2')).toEqual([401, 401, 429]);
      // A client's own proxy chain: the proxy appended the address it saw.
      expect(await refreshThrice(server, '127.0.0.1', '10.9.9.9, 203.0.113.3')).toEqual([
        401, 401, 429,
      ]);
      expect((await signInFrom(server, '127.0.0.1', '203.0.113.4')).status).toBe(400);
      expect((await signInFrom(server, '127.0.0.1', '203.0.113.4')).status).toBe(400);
      expect((await signInFrom(server, '127.0.0.1', '203.0.113.4')).status).toBe(429);
      expect((await signInFrom(server, '127.0.0.1', '203.0.113.5')).status).toBe(400);
    });

    it('ignores X-Forwarded-For from an address that is not the proxy', async () => {
      const statuses = [];
      for (const forged of ['203.0.113.6', '203.0.113.7']) {
        statuses.push(...(await refreshThrice(server, '127.0.0.3', forged)));
      }
      expect(statuses).toEqual([401, 401, 429, 429, 429, 429]);
    });
  });

  describe('with TRUST_PROXY as a hop count', () => {
    let server: TestApp;
    beforeAll(async () => {
      server = await startTestApp(kind, { ...LIMITS, TRUST_PROXY: '1' });
    });
    afterAll(() => server.close());

    it('takes the client from the address the nearest proxy appended', async () => {
      expect(await refreshThrice(server, '127.0.0.1', '203.0.113.1')).toEqual([401, 401, 429]);
      // Whatever the client wrote before it is not believed: one hop is trusted, not two.
      expect(await refreshThrice(server, '127.0.0.1', '198.51.100.1, 203.0.113.1')).toEqual([
        429, 429, 429,
      ]);
      expect(await refreshThrice(server, '127.0.0.1', '203.0.113.2')).toEqual([401, 401, 429]);
    });
  });
});
