// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  createAuthServer,
  createTestClient,
  STORAGE_KEY,
  storeTokens,
  TEST_URL,
  type AuthServer,
} from '../../test/helpers/auth-server';
import { createSharedStorage } from '../../test/helpers/memory-storage';

// docs/product.md §4.2, source 2, and the login CSRF it invites: tokens in the address are taken
// only to finish a sign-in this tab started, like OAuth's `state`.
describe('tokens in the page address', () => {
  beforeEach(() => {
    history.replaceState(null, '', '/');
    sessionStorage.clear();
  });

  /** Starts a sign-in the way the app does (login), returning the state it sent to /auth. */
  async function startSignIn(auth: AuthServer): Promise<string> {
    const { client, navigate } = createTestClient(auth);
    await client.auth.ready;
    client.auth.login('http://localhost:3000/?page=dashboard');
    client.close();
    const hostedPage = new URL(navigate.mock.calls[0]![0]);
    expect(`${hostedPage.origin}${hostedPage.pathname}`).toBe(`${TEST_URL}/auth`);
    return hostedPage.searchParams.get('state')!;
  }

  const openAddress = (query: Record<string, string>) =>
    history.replaceState(null, '', `/?${new URLSearchParams({ page: 'messages', ...query })}`);

  it('sends a fresh random state to the hosted page and keeps it in this tab only', async () => {
    const state = await startSignIn(createAuthServer());
    expect(state).toMatch(/^[\w-]{32,}$/);
    expect(Object.values({ ...sessionStorage })).toContain(state);

    sessionStorage.clear();
    expect(await startSignIn(createAuthServer())).not.toBe(state);
  });

  it('signs in with the tokens that come back with its state, once', async () => {
    const auth = createAuthServer();
    const state = await startSignIn(auth);
    const tokens = auth.issue('hosted');
    openAddress({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, state });
    const { client, storage } = createTestClient(auth);

    expect(location.href).toBe('http://localhost:3000/?page=messages');
    await client.auth.ready;
    expect(client.auth.getUser()).toEqual(auth.user);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).refresh_token).toBe(tokens.refresh_token);
    client.close();

    // The same address again (history, a shared link): the state was spent.
    openAddress({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, state });
    const again = createTestClient(auth);
    await again.client.auth.ready;
    expect(again.client.auth.getUser()).toBeNull();
    expect(again.storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it.each([
    ['no state', () => ({})],
    ['a made-up state', () => ({ state: 'guessed-state' })],
    ['an empty state', () => ({ state: '' })],
  ])(
    "keeps a signed-in student themself when the address brings someone else's tokens with %s",
    async (_name, extra) => {
      const auth = createAuthServer();
      const pending = await startSignIn(auth); // even while a sign-in of this tab is under way
      const own = auth.issue('own');
      const storage = createSharedStorage();
      storeTokens(storage, own);
      const theirs = auth.issue('attacker');
      openAddress({
        access_token: theirs.access_token,
        refresh_token: theirs.refresh_token,
        ...extra(),
      });

      const { client } = createTestClient(auth, { storage });
      expect(location.href).toBe('http://localhost:3000/?page=messages');
      await client.auth.ready;

      expect(auth.server.calls('GET', '/api/auth/me').map(auth.bearerOf)).toEqual([
        own.access_token,
      ]);
      expect(client.auth.getState().tokens?.access_token).toBe(own.access_token);
      // The other tabs read this entry: it still holds the student's own session.
      expect(JSON.parse(storage.getItem(STORAGE_KEY)!).refresh_token).toBe(own.refresh_token);
      client.close();

      // The sign-in this tab started still finishes.
      const mine = auth.issue('mine');
      openAddress({
        access_token: mine.access_token,
        refresh_token: mine.refresh_token,
        state: pending,
      });
      const finished = createTestClient(auth, { storage });
      await finished.client.auth.ready;
      expect(finished.client.auth.getState().tokens?.access_token).toBe(mine.access_token);
    },
  );

  it('never signs a signed-out visitor in with tokens it did not ask for', async () => {
    const auth = createAuthServer();
    const theirs = auth.issue('attacker');
    openAddress({ access_token: theirs.access_token, refresh_token: theirs.refresh_token });
    const { client, storage } = createTestClient(auth);
    await client.auth.ready;

    expect(auth.server.calls('GET', '/api/auth/me')).toHaveLength(0);
    expect(client.auth.getState()).toMatchObject({ user: null, tokens: null });
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(location.search).toBe('?page=messages');
  });

  it('does not honour a state another tab started', async () => {
    const auth = createAuthServer();
    const state = await startSignIn(auth);
    sessionStorage.clear(); // a new tab: sessionStorage is per tab
    const tokens = auth.issue('hosted');
    openAddress({ access_token: tokens.access_token, refresh_token: tokens.refresh_token, state });
    const { client } = createTestClient(auth);
    await client.auth.ready;
    expect(client.auth.getUser()).toBeNull();
  });

  it('sends the state with the redirect that requireAuth makes', async () => {
    const auth = createAuthServer();
    const { client, navigate } = createTestClient(auth, { requireAuth: true });
    await client.auth.ready;
    const state = new URL(navigate.mock.calls[0]![0]).searchParams.get('state');
    expect(state).toBeTruthy();
    expect(Object.values({ ...sessionStorage })).toContain(state);
  });
});
