// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthServer,
  createTestClient,
  STORAGE_KEY,
  storeTokens,
} from '../../test/helpers/auth-server';
import { createChannelHub, createLockManager } from '../../test/helpers/cross-tab';
import { createSharedStorage } from '../../test/helpers/memory-storage';
import type { ClientOptions } from '../create-client';

const START = new Date('2025-03-01T12:00:00.000Z').getTime();

/** Two "tabs" of one browser: one storage, one set of channels, maybe one lock manager. */
async function openTwoTabs(shared: Partial<ClientOptions>) {
  const auth = createAuthServer();
  const storage = createSharedStorage();
  const tokens = auth.issue('first');
  storeTokens(storage, tokens);
  const tabA = createTestClient(auth, { storage, ...shared }).client;
  const tabB = createTestClient(auth, { storage, ...shared }).client;
  await Promise.all([tabA.auth.ready, tabB.auth.ready]);
  return { auth, storage, tokens, tabA, tabB };
}

// Several tabs share one session without tripping the server's refresh-token reuse detection.
describe('auth across tabs', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    history.replaceState(null, '', '/');
  });
  afterEach(() => vi.useRealTimers());

  it('two tabs refreshing at once send one refresh request (Web Locks)', async () => {
    const locks = createLockManager();
    const { auth, storage, tokens, tabA, tabB } = await openTwoTabs({
      locks,
      channelFactory: createChannelHub(),
    });
    vi.setSystemTime(START + 900_000);

    const [tokenA, tokenB] = await Promise.all([
      tabA.auth.getAccessToken(),
      tabB.auth.getAccessToken(),
    ]);

    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(locks.requests).toEqual([
      'campuscollab-auth-refresh:campuscollab.auth.campus',
      'campuscollab-auth-refresh:campuscollab.auth.campus',
    ]);
    expect(tokenA).toBeTruthy();
    expect(tokenA).not.toBe(tokens.access_token);
    expect(tokenB).toBe(tokenA);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).access_token).toBe(tokenA);
    expect(tabB.auth.getState().isAuthenticated).toBe(true);
  });

  it('two tabs refreshing at once send one refresh request (BroadcastChannel lease)', async () => {
    const { auth, tokens, tabA, tabB } = await openTwoTabs({
      locks: null,
      channelFactory: createChannelHub(),
    });
    vi.setSystemTime(START + 900_000);

    const both = Promise.all([tabA.auth.getAccessToken(), tabB.auth.getAccessToken()]);
    await vi.advanceTimersByTimeAsync(200);
    const [tokenA, tokenB] = await both;

    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(tokenA).not.toBe(tokens.access_token);
    expect(tokenB).toBe(tokenA);
  });

  it('several requests in one tab share one refresh', async () => {
    const { auth, tabA } = await openTwoTabs({ locks: createLockManager() });
    vi.setSystemTime(START + 900_000);

    await Promise.all([tabA.auth.me(), tabA.auth.me(), tabA.auth.getAccessToken()]);

    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
  });

  it('adopts tokens another tab wrote (storage event) instead of refreshing', async () => {
    const auth = createAuthServer();
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue('first'));
    const { client } = createTestClient(auth, { storage });
    await client.auth.ready;
    const refreshed = auth.issue('from-other-tab');

    window.dispatchEvent(
      new StorageEvent('storage', { key: STORAGE_KEY, newValue: JSON.stringify(refreshed) }),
    );

    expect(await client.auth.getAccessToken()).toBe(refreshed.access_token);
    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(0);
  });

  it('signs out when another tab removes the entry (storage event)', async () => {
    const auth = createAuthServer();
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue());
    const { client } = createTestClient(auth, { storage });
    await client.auth.ready;

    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEY, newValue: null }));

    expect(client.auth.getState()).toMatchObject({ user: null, tokens: null });
  });

  it('a logout in one tab signs out the other (BroadcastChannel)', async () => {
    const { tabA, tabB } = await openTwoTabs({ channelFactory: createChannelHub() });

    await tabA.auth.logout();
    await vi.advanceTimersByTimeAsync(0);

    expect(tabB.auth.getState().isAuthenticated).toBe(false);
  });
});
