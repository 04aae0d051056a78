import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { requestFrom } from '../helpers/request-from';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

const PASSWORD = 'correct-horse-battery';
const PER_IP = 6;
const PER_IP_AND_EMAIL = 3;

describe.each(DIALECTS)('auth rate limits on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, {
      AUTH_RATE_LIMIT_PER_MINUTE: String(PER_IP),
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: String(PER_IP_AND_EMAIL),
      REFRESH_RATE_LIMIT_PER_MINUTE: '2',
    });
    await createVerifiedAccount(server.baseUrl, 'ada@mit.edu', PASSWORD);
  });
  afterAll(() => server.close());

  /** POST /api/auth/signin from one machine. */
  const signInFrom = (localAddress: string, email: string, password: string) =>
    requestFrom(`${server.baseUrl}/api/auth/signin`, {
      localAddress,
      method: 'POST',
      body: { email, password },
    });
  /** The hosted sign-in form posted from one machine, as a browser on our own page sends it. */
  const postFormFrom = (localAddress: string, email: string, password: string) =>
    requestFrom(`${server.baseUrl}/auth`, {
      localAddress,
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: server.baseUrl,
        'sec-fetch-site': 'same-origin',
      },
      body: new URLSearchParams({ email, password, redirect_url: '/' }).toString(),
    });

  it('limits sign-in per IP with a JSON 429 and Retry-After', async () => {
    const statuses = [];
    for (let n = 0; n <= PER_IP; n++) {
      statuses.push(await signInFrom('127.0.0.2', `user${n}@mit.edu`, 'long-enough-1'));
    }
    expect(statuses.map((s) => s.status)).toEqual([...Array(PER_IP).fill(400), 429]);
    const refused = statuses.at(-1)!;
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(refused.text)).toMatchObject({ code: 'RATE_LIMITED' });
    // Another machine is not affected.
    expect((await signInFrom('127.0.0.3', 'user0@mit.edu', 'long-enough-1')).status).toBe(400);
  });

  it("never lets someone else's failures refuse the owner's right password", async () => {
    const guesses = [];
    for (let n = 0; n <= PER_IP_AND_EMAIL; n++) {
      guesses.push((await signInFrom('127.0.0.4', 'ada@mit.edu', `wrong-guess-${n}`)).status);
    }
    expect(guesses).toEqual([...Array(PER_IP_AND_EMAIL).fill(400), 429]);
    // The guesser also used the hosted form: it is refused there too.
    expect((await postFormFrom('127.0.0.4', 'ada@mit.edu', 'wrong-guess-x')).status).toBe(429);

    // The owner, from their own machine, signs in on the API and on the hosted form.
    expect((await signInFrom('127.0.0.5', 'ada@mit.edu', PASSWORD)).status).toBe(200);
    expect((await postFormFrom('127.0.0.6', 'ada@mit.edu', PASSWORD)).status).toBe(303);
  });

  it('counts guesses at one address from one machine however the address is written', async () => {
    const spellings = ['ada@mit.edu', ' ADA@mit.edu', 'Ada@MIT.EDU '];
    const statuses = [];
    for (const email of spellings)
      statuses.push((await signInFrom('127.0.0.7', email, 'nope-nope')).status);
    expect(statuses).toEqual([400, 400, 400]);
    // Even the right password waits now, from this machine.
    expect((await signInFrom('127.0.0.7', 'ada@mit.edu', PASSWORD)).status).toBe(429);
    // Another address from the same machine is still within its limits.
    expect((await signInFrom('127.0.0.7', 'bob@mit.edu', 'nope-nope')).status).toBe(400);
  });

  it('limits guesses on the hosted form per address, sharing the API counters', async () => {
    expect((await signInFrom('127.0.0.8', 'ada@mit.edu', 'wrong-guess-1')).status).toBe(400);
    expect((await postFormFrom('127.0.0.8', 'ada@mit.edu', 'wrong-guess-2')).status).toBe(400);
    expect((await signInFrom('127.0.0.8', 'ada@mit.edu', 'wrong-guess-3')).status).toBe(400);
    const refused = await postFormFrom('127.0.0.8', 'ada@mit.edu', PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.headers.location).toBeUndefined();
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['content-type']).toContain('text/html');
    expect(refused.text).toContain('role="alert"');
    expect((await signInFrom('127.0.0.8', 'ada@mit.edu', PASSWORD)).status).toBe(429);
  });

  it('limits the hosted form per IP, sharing the API counter', async () => {
    const statuses = [];
    for (let n = 0; n < PER_IP / 2; n++) {
      statuses.push((await signInFrom('127.0.0.9', `api${n}@mit.edu`, 'long-enough-1')).status);
      statuses.push((await postFormFrom('127.0.0.9', `form${n}@mit.edu`, 'long-enough-1')).status);
    }
    expect(statuses).toEqual(Array(PER_IP).fill(400));
    expect((await postFormFrom('127.0.0.9', 'ada@mit.edu', PASSWORD)).status).toBe(429);
    expect((await signInFrom('127.0.0.9', 'ada@mit.edu', PASSWORD)).status).toBe(429);
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
