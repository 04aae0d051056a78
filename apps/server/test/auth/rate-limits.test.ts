import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/** POST from a chosen loopback address, so tests can play several machines. */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
): Promise<{ status: number; retryAfter?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            retryAfter: res.headers['retry-after'] as string | undefined,
            body: text,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('rate limits', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite', {
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '4',
      REFRESH_RATE_LIMIT_PER_MINUTE: '2',
    });
  });
  afterAll(() => server.close());

  it('limits sign-in per IP with a JSON 429 and Retry-After', async () => {
    const url = `${server.baseUrl}/api/auth/signin`;
    const attempt = (n: number) =>
      postFrom('127.0.0.2', url, { email: `user${n}@mit.edu`, password: 'long-enough-1' });
    const statuses = [];
    for (let n = 0; n < 4; n++) statuses.push(await attempt(n));
    expect(statuses.map((s) => s.status)).toEqual([400, 400, 400, 429]);
    expect(Number(statuses[3]!.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(statuses[3]!.body)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another machine is not affected.
    expect(
      (await postFrom('127.0.0.3', url, { email: 'user0@mit.edu', password: 'long-enough-1' }))
        .status,
    ).toBe(400);
  });

  it('limits attempts on one address across many machines', async () => {
    const url = `${server.baseUrl}/api/auth/signin`;
    const target = { email: 'target@mit.edu', password: 'guess-number-1' };
    const statuses = [];
    for (let n = 0; n < 5; n++)
      statuses.push((await postFrom(`127.0.1.${n + 1}`, url, target)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
  });

  it('limits refresh per IP', async () => {
    const statuses = [];
    for (let n = 0; n < 3; n++) {
      statuses.push(
        (
          await request(server.baseUrl, 'POST', '/api/auth/refresh', {
            body: { refresh_token: 'x' },
          })
        ).status,
      );
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});
