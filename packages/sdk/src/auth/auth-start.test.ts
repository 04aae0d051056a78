// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createAuthServer,
  createTestClient,
  STORAGE_KEY,
  storeTokens,
  TEST_URL,
} from '../../test/helpers/auth-server';
import { createSharedStorage } from '../../test/helpers/memory-storage';

// docs/product.md §4.2, the start sequence: parent window (framed, 100 ms), page address, storage.
describe('auth start', () => {
  const PARENT = 'https://portal.campus.test';
  let parentPostMessage: ReturnType<typeof vi.fn>;
  let parent: Window;

  beforeEach(() => {
    vi.useFakeTimers();
    history.replaceState(null, '', '/');
    sessionStorage.clear();
    parentPostMessage = vi.fn();
    parent = { postMessage: parentPostMessage } as unknown as Window;
  });

  afterEach(() => {
    vi.useRealTimers();
    // Back to a top-level page for the next test.
    Reflect.deleteProperty(window, 'parent');
  });

  const embedInFrame = () =>
    Object.defineProperty(window, 'parent', { value: parent, configurable: true });
  const postFromParent = (data: unknown, origin = PARENT, source: unknown = parent) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

  it('validates stored tokens with GET /me and reports the user when loading ends', async () => {
    const auth = createAuthServer();
    const storage = createSharedStorage();
    const tokens = auth.issue();
    storeTokens(storage, tokens);
    const { client } = createTestClient(auth, { storage });
    const changes: unknown[] = [];
    client.auth.onAuthStateChange((change) => changes.push(change));

    await client.auth.ready;

    const [me] = auth.server.calls('GET', '/api/auth/me');
    expect(auth.bearerOf(me!)).toBe(tokens.access_token);
    expect(client.auth.getUser()).toEqual(auth.user);
    expect(changes[0]).toEqual({ user: null, loading: true, isAuthenticated: false });
    expect(changes.at(-1)).toEqual({ user: auth.user, loading: false, isAuthenticated: true });
  });

  it('clears stored tokens the server refuses and continues signed out', async () => {
    const auth = createAuthServer();
    const storage = createSharedStorage();
    const tokens = auth.issue();
    auth.revokeAccess(tokens.access_token);
    auth.revokeRefresh(tokens.refresh_token);
    storeTokens(storage, tokens);
    const { client, navigate } = createTestClient(auth, { storage });

    await client.auth.ready;

    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
    expect(client.auth.getState()).toMatchObject({ user: null, tokens: null, isLoading: false });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('redirects to the hosted sign-in page when no source is valid and auth is required', async () => {
    history.replaceState(null, '', '/dashboard?tab=1');
    const auth = createAuthServer();
    const { client, navigate } = createTestClient(auth, { requireAuth: true });

    await client.auth.ready;

    expect(navigate).toHaveBeenCalledOnce();
    const hostedPage = new URL(navigate.mock.calls[0]![0]);
    expect(`${hostedPage.origin}${hostedPage.pathname}`).toBe(`${TEST_URL}/auth`);
    expect(Object.fromEntries(hostedPage.searchParams)).toEqual({
      redirect_url: 'http://localhost:3000/dashboard?tab=1',
      project_id: 'campus',
      state: expect.stringMatching(/^[\w-]{43}$/),
    });
  });

  it('takes tokens from the page address, removes them from it and stores them', async () => {
    const auth = createAuthServer();
    // The hosted page sends the state of the sign-in this tab started back with the tokens.
    const started = createTestClient(auth);
    started.client.auth.login();
    started.client.close();
    const state = new URL(started.navigate.mock.calls[0]![0]).searchParams.get('state')!;
    const tokens = auth.issue();
    history.replaceState(
      null,
      '',
      `/welcome?page=dashboard&access_token=${tokens.access_token}&refresh_token=${tokens.refresh_token}&state=${state}#top`,
    );
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue('older-visit'));
    const { client } = createTestClient(auth, { storage });

    // Removed synchronously, before any request.
    expect(location.href).toBe('http://localhost:3000/welcome?page=dashboard#top');
    await client.auth.ready;

    const [me] = auth.server.calls('GET', '/api/auth/me');
    expect(auth.bearerOf(me!)).toBe(tokens.access_token);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!)).toMatchObject({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(client.auth.getUser()).toEqual(auth.user);
  });

  it('when framed, asks the parent and uses its tokens, after waiting up to 100 ms', async () => {
    embedInFrame();
    const auth = createAuthServer();
    const fromParent = auth.issue('parent');
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue('stored'));
    const { client } = createTestClient(auth, { storage, allowedParentOrigins: [PARENT] });

    expect(parentPostMessage).toHaveBeenCalledWith({ type: 'request-tokens' }, PARENT);
    await vi.advanceTimersByTimeAsync(60);
    expect(auth.server.calls('GET', '/api/auth/me')).toHaveLength(0);
    postFromParent({ type: 'tokens', tokens: fromParent });
    await client.auth.ready;

    const calls = auth.server.calls('GET', '/api/auth/me');
    expect(calls.map(auth.bearerOf)).toEqual([fromParent.access_token]);
    expect(JSON.parse(storage.getItem(STORAGE_KEY)!).refresh_token).toBe(fromParent.refresh_token);
  });

  it('when framed and the parent sends nothing, falls back to storage after 100 ms', async () => {
    embedInFrame();
    const auth = createAuthServer();
    const stored = auth.issue('stored');
    const storage = createSharedStorage();
    storeTokens(storage, stored);
    const { client } = createTestClient(auth, { storage, allowedParentOrigins: [PARENT] });

    await vi.advanceTimersByTimeAsync(99);
    expect(auth.server.calls('GET', '/api/auth/me')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await client.auth.ready;

    expect(auth.server.calls('GET', '/api/auth/me').map(auth.bearerOf)).toEqual([
      stored.access_token,
    ]);
  });

  it('ignores tokens from a foreign origin or another window', async () => {
    embedInFrame();
    const auth = createAuthServer();
    const stored = auth.issue('stored');
    const storage = createSharedStorage();
    storeTokens(storage, stored);
    const { client } = createTestClient(auth, { storage, allowedParentOrigins: [PARENT] });

    postFromParent({ type: 'tokens', tokens: auth.issue('evil') }, 'https://evil.test');
    postFromParent({ type: 'tokens', tokens: auth.issue('sibling') }, PARENT, {});
    await vi.advanceTimersByTimeAsync(100);
    await client.auth.ready;

    expect(auth.server.calls('GET', '/api/auth/me').map(auth.bearerOf)).toEqual([
      stored.access_token,
    ]);
  });

  it('never trusts a parent at an opaque or wildcard origin, whatever the options say', async () => {
    embedInFrame();
    const auth = createAuthServer();
    const stored = auth.issue('stored');
    const storage = createSharedStorage();
    storeTokens(storage, stored);
    // A sandboxed frame (or a data: page) framing us posts with origin "null".
    const { client } = createTestClient(auth, {
      storage,
      allowedParentOrigins: ['null', '*', 'javascript:alert(1)', 'not an origin'],
    });

    postFromParent({ type: 'tokens', tokens: auth.issue('sandboxed') }, 'null');
    postFromParent({ type: 'tokens', tokens: auth.issue('wildcard') }, '*');
    await vi.advanceTimersByTimeAsync(100);
    await client.auth.ready;

    expect(parentPostMessage).not.toHaveBeenCalled();
    expect(auth.server.calls('GET', '/api/auth/me').map(auth.bearerOf)).toEqual([
      stored.access_token,
    ]);
    postFromParent({ type: 'logout' }, 'null');
    expect(client.auth.getState().isAuthenticated).toBe(true);
  });

  it('compares parent origins as origins: a trailing slash or capitals in the option still match', async () => {
    embedInFrame();
    const auth = createAuthServer();
    const fromParent = auth.issue('parent');
    const { client } = createTestClient(auth, {
      allowedParentOrigins: ['https://Portal.Campus.test/'],
    });

    expect(parentPostMessage).toHaveBeenCalledWith({ type: 'request-tokens' }, PARENT);
    postFromParent({ type: 'tokens', tokens: fromParent });
    await client.auth.ready;
    expect(client.auth.getState().tokens?.access_token).toBe(fromParent.access_token);
  });

  it('signs out on a logout message from the allowed parent only', async () => {
    embedInFrame();
    const auth = createAuthServer();
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue());
    const { client } = createTestClient(auth, { storage, allowedParentOrigins: [PARENT] });
    await vi.advanceTimersByTimeAsync(100);
    await client.auth.ready;
    expect(client.auth.getState().isAuthenticated).toBe(true);

    postFromParent({ type: 'logout' }, 'https://evil.test');
    expect(client.auth.getState().isAuthenticated).toBe(true);

    postFromParent({ type: 'logout' });
    expect(client.auth.getState()).toMatchObject({ user: null, tokens: null });
    expect(storage.getItem(STORAGE_KEY)).toBeNull();
  });

  it('without a frame, does not wait for a parent', async () => {
    const auth = createAuthServer();
    const storage = createSharedStorage();
    storeTokens(storage, auth.issue());
    const { client } = createTestClient(auth, { storage, allowedParentOrigins: [PARENT] });

    await client.auth.ready; // no timers advanced: nothing waits 100 ms
    expect(client.auth.getUser()).toEqual(auth.user);
  });
});
