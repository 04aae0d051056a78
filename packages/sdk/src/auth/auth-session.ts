import type { AuthUser, TokenSet } from '@campuscollab/shared/core';
import { createAuthError, SdkMessage } from '../errors/sdk-error';
import { createApiClient } from '../http/api-client';
import { createAuthorizedFetch, type FetchFunction } from '../http/authorized-fetch';
import { fail, type Result } from '../http/result';
import { createAuthStateStore } from './auth-state';
import type { ChannelFactory } from './channel';
import type { RefreshLock } from './refresh-lock';
import { createSessionSync } from './session-sync';
import { requestMe } from './request-me';
import { requestRefresh } from './request-refresh';
import {
  isAccessTokenExpired,
  readTokenSubject,
  type SignInState,
  type TokenStore,
} from './session-tokens';
import { buildSignInUrl, readCurrentUrl } from './url-tokens';

export interface AuthSessionOptions {
  baseUrl: string;
  projectId: string;
  fetch: FetchFunction;
  store: TokenStore;
  lock: RefreshLock;
  channelFactory: ChannelFactory | null;
  now: () => number;
  requireAuth: boolean;
  navigate: (url: string) => void;
  /** The state the hosted sign-in page must return with the tokens (session-tokens.ts). */
  signInState: SignInState;
}

/**
 * The session of docs/product.md §4.3: the token set, the user, refresh and clearing, shared with
 * the other tabs. The start sequence lives in start-session.ts, the public operations in
 * auth-client.ts; everything that needs a token asks `getAccessToken` here.
 */
export function createAuthSession(options: AuthSessionOptions) {
  const { store, now } = options;
  const state = createAuthStateStore();
  let refreshing: Promise<string | null> | null = null;
  // While the start sequence tries its sources, a refused candidate must neither redirect nor
  // tell the other tabs to sign out: the next source may still be valid.
  let starting = false;
  let redirected = false;

  const authorizedFetch = createAuthorizedFetch(options.fetch, {
    getAccessToken: () => getAccessToken(),
    renewAfterUnauthorized: (stale) => renewAfterUnauthorized(stale),
  });
  const api = createApiClient({ baseUrl: options.baseUrl, fetch: options.fetch, authorizedFetch });
  const sync = createSessionSync({
    storageKey: store.key,
    channelFactory: options.channelFactory,
    parseStoredValue: store.parse,
    onChange: adoptSharedTokens,
  });

  /** The hosted sign-in page's address, for a sign-in this tab starts now. */
  function startSignIn(redirectUrl: string): string {
    const state = options.signInState.begin();
    return buildSignInUrl(options.baseUrl, options.projectId, redirectUrl, state);
  }

  function redirectToSignIn(): void {
    if (redirected) return;
    redirected = true;
    options.navigate(startSignIn(readCurrentUrl()));
  }

  /** Holds tokens (and their user, in one change); `share` stores them and tells the other tabs. */
  function acceptTokens(tokens: TokenSet, share: boolean, user?: AuthUser): void {
    if (share) {
      store.write(tokens);
      sync.publish(tokens);
    }
    state.update(user === undefined ? { tokens } : { tokens, user });
  }

  /** Signs out; `share` tells storage and the other tabs, `redirect` applies requireAuth. */
  function clearSession(how: { share: boolean; redirect: boolean }): void {
    if (how.share && !starting) {
      store.write(null);
      sync.publish(null);
    }
    state.update({ tokens: null, user: null });
    if (how.redirect && options.requireAuth && !starting) redirectToSignIn();
  }

  /** Another tab refreshed, signed in or signed out: take its tokens rather than refreshing. */
  function adoptSharedTokens(tokens: TokenSet | null): void {
    const current = state.get();
    if (!tokens) {
      if (current.tokens) clearSession({ share: false, redirect: true });
      return;
    }
    if (current.tokens?.refresh_token === tokens.refresh_token) return;
    state.update({ tokens });
    const subject = readTokenSubject(tokens.access_token);
    if (!current.user || (subject && subject !== current.user.id)) void loadUser();
  }

  async function refreshUnderLock(stale: TokenSet): Promise<string | null> {
    // Another tab may have refreshed while this one waited for the lock: use its tokens, since
    // spending our (already rotated) refresh token again would look like theft to the server.
    const stored = store.read();
    if (
      stored &&
      stored.refresh_token !== stale.refresh_token &&
      !isAccessTokenExpired(stored, now())
    ) {
      adoptSharedTokens(stored);
      return stored.access_token;
    }
    const current = state.get().tokens;
    if (!current) return null;
    if (current.refresh_token !== stale.refresh_token && !isAccessTokenExpired(current, now())) {
      return current.access_token;
    }
    const outcome = await requestRefresh(api, stale, now());
    if (outcome.kind === 'refreshed') {
      acceptTokens(outcome.tokens, true);
      return outcome.tokens.access_token;
    }
    if (outcome.kind === 'signed-out') {
      clearSession({ share: true, redirect: true });
      return null;
    }
    throw outcome.error;
  }

  /** One refresh at a time in this tab, and (through the lock) in the whole browser. */
  function refresh(stale: TokenSet): Promise<string | null> {
    refreshing ??= options.lock
      .run(() => refreshUnderLock(stale))
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function getAccessToken(): Promise<string | null> {
    const tokens = state.get().tokens;
    if (!tokens) return null;
    if (!isAccessTokenExpired(tokens, now())) return tokens.access_token;
    return refresh(tokens);
  }

  async function renewAfterUnauthorized(staleToken: string): Promise<string | null> {
    const tokens = state.get().tokens;
    if (!tokens) return null;
    // A request that ran alongside already got a new token: use it rather than refreshing twice.
    if (tokens.access_token !== staleToken && !isAccessTokenExpired(tokens, now())) {
      return tokens.access_token;
    }
    return refresh(tokens);
  }

  /** GET /api/auth/me with the current session; a final 401 means the session is gone. */
  async function loadUser(): Promise<Result<AuthUser>> {
    if (!state.get().tokens) return fail(createAuthError(SdkMessage.notAuthenticated));
    const result = await requestMe(api);
    if (result.error?.status === 401 && state.get().tokens) {
      clearSession({ share: true, redirect: true });
    }
    if (result.data) state.update({ user: result.data });
    return result;
  }

  return {
    api,
    authorizedFetch,
    state,
    getAccessToken,
    renewAfterUnauthorized,
    loadUser,
    acceptTokens,
    clearSession,
    redirectToSignIn,
    startSignIn,
    readStoredTokens: () => store.read(),
    setUser: (user: AuthUser | null) => state.update({ user }),
    setStarting: (value: boolean) => {
      starting = value;
    },
    /** Removes the stored entry without telling other tabs (the start found it refused). */
    forgetStoredTokens: () => store.write(null),
    finishLoading: () => state.update({ isLoading: false }),
    /** Stops listening to the other tabs and frees the lock's channel. */
    close(): void {
      sync.close();
      options.lock.close();
    },
  };
}

export type AuthSession = ReturnType<typeof createAuthSession>;
