import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import {
  RefusedError,
  closeAllSockets,
  connectSocket,
  buildSocketUrl,
} from './helpers/socket-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

async function readRefusalStatus(url: string): Promise<number> {
  const error: unknown = await connectSocket(url).then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof RefusedError)) throw new Error('the upgrade was not refused');
  return error.status;
}

describe.each(DIALECTS)('realtime authentication on %s', (kind) => {
  let server: TestApp;
  let ada: Account;

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, `rt-auth-${kind}@berkeley.edu`);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('refuses the upgrade for an invalid token and an unknown project', async () => {
    expect(await readRefusalStatus(buildSocketUrl(server.baseUrl, 'not-a-jwt'))).toBe(401);
    // The signature's first character: its last one carries bits base64url ignores, so
    // changing it there can leave the very same signature.
    const [header, claims, signature = ''] = ada.access_token.split('.');
    const tampered = `${header}.${claims}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    expect(await readRefusalStatus(buildSocketUrl(server.baseUrl, tampered))).toBe(401);
    expect(
      await readRefusalStatus(buildSocketUrl(server.baseUrl, ada.access_token, 'other-project')),
    ).toBe(404);
  });

  it('closes a socket without token with 4401 on its first non-auth message', async () => {
    const client = await connectSocket(buildSocketUrl(server.baseUrl));
    const refused = await client.call({ type: 'subscribe', channel: 'public:lobby' });
    expect(refused).toMatchObject({ type: 'error', code: 'UNAUTHORIZED' });
    expect(await client.closed()).toEqual({ code: 4401, reason: 'Not authenticated' });
  });

  it('closes with 4401 when the auth message carries an invalid token', async () => {
    const client = await connectSocket(buildSocketUrl(server.baseUrl));
    expect(await client.call({ type: 'auth', token: 'nope' })).toMatchObject({
      type: 'error',
      code: 'INVALID_TOKEN',
    });
    expect((await client.closed()).code).toBe(4401);
  });

  it('accepts the token in a first auth message and a renewal later', async () => {
    const client = await connectSocket(buildSocketUrl(server.baseUrl));
    const ack = await client.call({ type: 'auth', token: ada.access_token });
    expect(ack).toMatchObject({ type: 'ack', userId: ada.user.id });
    expect(Date.parse(ack.expiresAt as string)).toBeGreaterThan(Date.now());
    expect(await client.call({ type: 'subscribe', channel: `user:${ada.user.id}` })).toMatchObject({
      type: 'ack',
    });

    const refreshed = await request<{ access_token: string }>(
      server.baseUrl,
      'POST',
      '/api/auth/refresh',
      { body: { refresh_token: ada.refresh_token } },
    );
    expect(refreshed.status).toBe(200);
    expect(await client.call({ type: 'auth', token: refreshed.body.access_token })).toMatchObject({
      type: 'ack',
      userId: ada.user.id,
    });
    // A failed renewal is reported, and the socket keeps its current token.
    expect(await client.call({ type: 'auth', token: 'garbage' })).toMatchObject({
      type: 'error',
      code: 'INVALID_TOKEN',
    });
    expect(await client.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });

  it('answers a plain HTTP GET with 426', async () => {
    const response = await request(server.baseUrl, 'GET', '/api/realtime/campus');
    expect(response.status).toBe(426);
  });
});
