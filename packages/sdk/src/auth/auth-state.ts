import type { AuthUser, TokenSet } from '@campuscollab/shared/core';

/** The auth state of docs/product.md §4.1. */
export interface AuthState {
  user: AuthUser | null;
  tokens: TokenSet | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

/** What `onAuthStateChange` listeners get (docs/product.md §4.1: the user and a loading flag). */
export interface AuthChange {
  user: AuthUser | null;
  loading: boolean;
  isAuthenticated: boolean;
}

export type AuthChangeListener = (change: AuthChange) => void;

/** Holds the state and tells listeners when the user, the loading flag or signed-in-ness change. */
export function createAuthStateStore() {
  let state: AuthState = { user: null, tokens: null, isAuthenticated: false, isLoading: true };
  const listeners = new Set<AuthChangeListener>();
  const tokenListeners = new Set<(tokens: TokenSet | null) => void>();

  const toChange = (value: AuthState): AuthChange => ({
    user: value.user,
    loading: value.isLoading,
    isAuthenticated: value.isAuthenticated,
  });

  return {
    /** The current state. */
    get: (): AuthState => state,
    /** Applies a change and tells the listeners whose view of it changed. */
    update(patch: Partial<Omit<AuthState, 'isAuthenticated'>>): void {
      const previous = state;
      const next = { ...state, ...patch };
      next.isAuthenticated = next.user !== null && next.tokens !== null;
      state = next;
      if (previous.tokens !== next.tokens) {
        for (const listener of [...tokenListeners]) listener(next.tokens);
      }
      const changed =
        previous.user !== next.user ||
        previous.isLoading !== next.isLoading ||
        previous.isAuthenticated !== next.isAuthenticated;
      if (!changed) return;
      const change = toChange(next);
      for (const listener of [...listeners]) listener(change);
    },
    /** Calls `listener` now with the current state, then on every change; returns the unsubscribe. */
    subscribe(listener: AuthChangeListener): () => void {
      listeners.add(listener);
      listener(toChange(state));
      return () => void listeners.delete(listener);
    },
    /** Told of every new token set (refresh, sign-in) or null; the realtime socket renews with it. */
    subscribeToTokens(listener: (tokens: TokenSet | null) => void): () => void {
      tokenListeners.add(listener);
      return () => void tokenListeners.delete(listener);
    },
  };
}

export type AuthStateStore = ReturnType<typeof createAuthStateStore>;
