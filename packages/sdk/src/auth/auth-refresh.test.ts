// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { vi } from 'vitest';
import {
  createAuthServer,
  createTestClient,
  STORAGE_KEY,
  storeTokens,
  TEST_URL,
} from '../../test/helpers/auth-server';
import { createSharedStorage } from '../../test/helpers/memory-storage';

const START = new Date('2025-03-01T12:00:00.000Z').getTime();

async function signedInClient(options: { requireAuth?: boolean } = {}) {
  const auth = createAuthServer();
  const storage = createSharedStorage();
  const tokens = auth.issue('first');
  storeTokens(storage, tokens);
  const created = createTestClient(auth, { storage, ...options });
  await created.client.auth.ready;
  return { auth, tokens, ...created };
}

describe('auth refresh and sign-out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    history.replaceState(null, '', '/');
  });
  afterEach(() => vi.useRealTimers());

  it('counts the access token as expired 30 s early (docs/product.md §4.3)', async () => {
    const { auth, tokens, client } = await signedInClient();

    vi.setSystemTime(START + (900 - 31) * 1000);
    await client.auth.me();
    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(0);
    expect(auth.bearerOf(auth.server.calls('GET', '/api/auth/me').at(-1)!)).toBe(
      tokens.access_token,
    );

    vi.setSystemTime(START + (900 - 30) * 1000);
    await client.auth.me();
    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(auth.bearerOf(auth.server.calls('GET', '/api/auth/me').at(-1)!)).not.toBe(
      tokens.access_token,
    );
  });

  it('refreshes before a request when expired, and stores the new pair', async () => {
    const { auth, tokens, client, storage } = await signedInClient();
    vi.setSystemTime(START + 880_000);

    const result = await client.auth.me();

    expect(result.error).toBeNull();
    const [refresh] = auth.server.calls('POST', '/api/auth/refresh');
    expect(refresh!.body).toEqual({ refresh_token: tokens.refresh_token });
    const stored = JSON.parse(storage.getItem(STORAGE_KEY)!);
    expect(stored.refresh_token).not.toBe(tokens.refresh_token);
    expect(stored.issued_at).toBe(Math.floor((START + 880_000) / 1000));
    expect(auth.bearerOf(auth.server.calls('GET', '/api/auth/me').at(-1)!)).toBe(
      stored.access_token,
    );
  });

  it('on a 401 refreshes once and retries once', async () => {
    const { auth, tokens, client } = await signedInClient();
    auth.revokeAccess(tokens.access_token); // e.g. the server's clock says it expired

    const result = await client.auth.me();

    expect(result.error).toBeNull();
    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(auth.server.calls('GET', '/api/auth/me')).toHaveLength(3); // start, 401, retry
  });

  it('a 401 on refresh clears the tokens', async () => {
    const { auth, tokens, client, storage, navigate } = await signedInClient();
    auth.revokeRefresh(tokens.refresh_token);
    vi.setSystemTime(START + 900_000);

    const token = await client.auth.getAccessToken();

    expect(token).toBeNull();
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(client.auth.getState()).toMatchObject({
      user: null,
      tokens: null,
      isAuthenticated: false,
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a 401 on refresh redirects to sign-in when auth is required', async () => {
    const { auth, tokens, client, navigate } = await signedInClient({ requireAuth: true });
    auth.revokeRefresh(tokens.refresh_token);
    vi.setSystemTime(START + 900_000);

    const result = await client.auth.me();

    expect(result.error).toMatchObject({ kind: 'AUTH_ERROR', status: 401 });
    expect(navigate).toHaveBeenCalledOnce();
    const hostedPage = new URL(navigate.mock.calls[0]![0]);
    expect(`${hostedPage.origin}${hostedPage.pathname}`).toBe(`${TEST_URL}/auth`);
    expect(Object.fromEntries(hostedPage.searchParams)).toEqual({
      redirect_url: 'http://localhost:3000/',
      project_id: 'campus',
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('clears without asking the server once the refresh token itself expired', async () => {
    const { auth, client } = await signedInClient();
    vi.setSystemTime(START + 2_592_000 * 1000);

    expect(await client.auth.getAccessToken()).toBeNull();
    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('keeps the tokens when the refresh cannot reach the server', async () => {
    const { auth, client, tokens } = await signedInClient();
    auth.server.on('POST', '/api/auth/refresh', () =>
      Promise.reject(new TypeError('fetch failed')),
    );
    vi.setSystemTime(START + 900_000);

    const result = await client.auth.me();

    expect(result.error).toMatchObject({
      kind: 'NETWORK_ERROR',
      status: 0,
      message: 'Network request failed',
    });
    expect(client.auth.getState().tokens?.refresh_token).toBe(tokens.refresh_token);
  });

  it('logout revokes the refresh token and clears the session', async () => {
    const { auth, tokens, client, storage } = await signedInClient();
    const changes: unknown[] = [];
    client.auth.onAuthStateChange((change) => changes.push(change));

    const result = await client.auth.logout();

    expect(result.error).toBeNull();
    expect(auth.server.calls('POST', '/api/auth/logout')[0]!.body).toEqual({
      refresh_token: tokens.refresh_token,
    });
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(changes.at(-1)).toEqual({ user: null, loading: false, isAuthenticated: false });
    expect((await client.auth.me()).error).toMatchObject({
      kind: 'AUTH_ERROR',
      message: 'Not authenticated',
    });
  });

  it('onAuthStateChange returns a working unsubscribe', async () => {
    const { client } = await signedInClient();
    const listener = vi.fn();
    const unsubscribe = client.auth.onAuthStateChange(listener);
    unsubscribe();
    await client.auth.logout();
    expect(listener).toHaveBeenCalledTimes(1); // the immediate call only
  });

  it('waitForUser resolves when a user signs in', async () => {
    const auth = createAuthServer();
    const tokens = auth.issue();
    auth.server.on('POST', '/api/auth/signin', () => Response.json({ user: auth.user, ...tokens }));
    const { client } = createTestClient(auth);
    await client.auth.ready;
    const waiting = client.auth.waitForUser();

    await vi.advanceTimersByTimeAsync(1000);
    await client.auth.signInWithEmail('ada@mit.edu', 'correct-horse');

    expect(await waiting).toEqual({ data: auth.user, error: null });
  });

  it('waitForUser gives up after 5000 ms with the docs/product.md §8.5 message', async () => {
    const { client } = createTestClient(createAuthServer());
    await client.auth.ready;
    const waiting = client.auth.waitForUser();

    await vi.advanceTimersByTimeAsync(4999);
    let settled = false;
    void waiting.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    expect((await waiting).error).toMatchObject({
      kind: 'AUTH_ERROR',
      message: 'Authentication timeout - no user available',
    });
  });
});
