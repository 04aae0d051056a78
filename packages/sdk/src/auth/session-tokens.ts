import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  TOKEN_EXPIRY_MARGIN_SECONDS,
  type TokenSet,
} from '@campuscollab/shared/core';

/**
 * The session as this tab holds and keeps it, read together wherever a session starts, refreshes
 * or syncs: the token set and its clock (docs/product.md §3.3, §4.3), the localStorage entry that
 * keeps it across reloads and tabs (§4), and the per-tab `state` that tokens coming back from the
 * hosted sign-in must carry (docs/decisions/014-sign-in-state.md).
 */

// The token set and its clock.

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const positiveNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/**
 * A complete token set (docs/product.md §3.3) from what a source holds. The page address and the
 * parent window may carry only the two tokens; the default lifetimes (900 s and 30 days, §3.3)
 * and "issued now" fill the rest. Anything without both tokens is no session at all.
 */
export function buildTokenSet(value: unknown, nowMs: number): TokenSet | null {
  if (!isRecord(value)) return null;
  const { access_token: access, refresh_token: refresh } = value;
  if (typeof access !== 'string' || access === '' || typeof refresh !== 'string' || refresh === '')
    return null;
  return {
    access_token: access,
    refresh_token: refresh,
    token_type: 'bearer',
    expires_in: positiveNumber(value.expires_in) ?? ACCESS_TOKEN_TTL_SECONDS,
    refresh_expires_in: positiveNumber(value.refresh_expires_in) ?? REFRESH_TOKEN_TTL_SECONDS,
    issued_at: positiveNumber(value.issued_at) ?? Math.floor(nowMs / 1000),
  };
}

/**
 * A token set the server just issued, with `issued_at` set to this device's clock. Expiry is then
 * counted on one clock: a phone whose clock runs ten minutes fast would otherwise see every new
 * token as expired and refresh before each request. The difference is network latency, well
 * inside the 30 s margin.
 */
export function stampTokenSet(tokens: TokenSet, nowMs: number): TokenSet {
  return { ...tokens, issued_at: Math.floor(nowMs / 1000) };
}

/** docs/product.md §4.3: the access token counts as expired 30 s before its real expiry. */
export function isAccessTokenExpired(tokens: TokenSet, nowMs: number): boolean {
  const expiresAt = (tokens.issued_at + tokens.expires_in - TOKEN_EXPIRY_MARGIN_SECONDS) * 1000;
  return nowMs >= expiresAt;
}

/** Past its 30 days, a refresh token is not worth sending: the session is over. */
export function isRefreshTokenExpired(tokens: TokenSet, nowMs: number): boolean {
  return nowMs >= (tokens.issued_at + tokens.refresh_expires_in) * 1000;
}

/**
 * The account id (`sub`) of an access token, read without verifying it: only to notice that
 * another tab signed in as someone else. Null when the token is not a readable JWT.
 */
export function readTokenSubject(accessToken: string): string | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    return isRecord(claims) && typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}

// Where the token set is kept.

/** The part of the Web Storage API the SDK uses; `localStorage` fits, as does a test double. */
export interface TokenStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The one browser-storage entry of docs/product.md §4.2, per server and project. */
export function buildStorageKey(projectId: string): string {
  return `campuscollab.auth.${projectId}`;
}

/** Storage that lives as long as the page: where no localStorage exists (Node, some webviews). */
export function createMemoryStorage(): TokenStorage {
  const entries = new Map<string, string>();
  return {
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

/** localStorage when the page may use it; reading it throws in some privacy modes. */
export function findDefaultStorage(): TokenStorage {
  try {
    if (typeof localStorage !== 'undefined' && localStorage) return localStorage;
  } catch {
    // Blocked storage (third-party frame, privacy mode): fall through to memory.
  }
  return createMemoryStorage();
}

/** Reads and writes the session entry; a corrupt entry reads as no session. */
export function createTokenStore(storage: TokenStorage, key: string, now: () => number) {
  return {
    key,
    /** The stored token set, or null. */
    read(): TokenSet | null {
      try {
        const raw = storage.getItem(key);
        return raw ? buildTokenSet(JSON.parse(raw), now()) : null;
      } catch {
        return null;
      }
    },
    /** Parses an entry's raw text as a storage event carries it. */
    parse(raw: string | null): TokenSet | null {
      try {
        return raw ? buildTokenSet(JSON.parse(raw), now()) : null;
      } catch {
        return null;
      }
    },
    /** Stores the token set, or removes the entry for null. */
    write(tokens: TokenSet | null): void {
      try {
        if (tokens) storage.setItem(key, JSON.stringify(tokens));
        else storage.removeItem(key);
      } catch {
        // A full or blocked storage must not break signing in; the session lives in memory.
      }
    },
  };
}

export type TokenStore = ReturnType<typeof createTokenStore>;

// The hosted sign-in's state.

/** The sessionStorage entry that holds the state of the sign-in this tab started. */
export function buildSignInStateKey(projectId: string): string {
  return `campuscollab.auth.${projectId}.sign-in-state`;
}

/**
 * sessionStorage when the page may use it. It belongs to one tab, which is the point: the tab
 * that went to the hosted page is the one the tokens come back to, and no other page, tab or
 * site can read the state or plant one.
 */
export function findDefaultSessionStorage(): TokenStorage {
  try {
    if (typeof sessionStorage !== 'undefined' && sessionStorage) return sessionStorage;
  } catch {
    // Blocked storage: sign-ins through the hosted page then cannot finish, which is safe.
  }
  return createMemoryStorage();
}

function createRandomState(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/**
 * The `state` of OAuth for the hosted sign-in (docs/product.md §4.2, source 2). Tokens in the address
 * are a session only when they come back with the state this tab sent: anyone can make a link
 * with their own tokens, and a student who opened it would otherwise be signed in as them
 * (login CSRF), reading and writing as someone else without noticing.
 */
export function createSignInState(storage: TokenStorage, key: string) {
  const read = (): string | null => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };
  return {
    /** The state for a sign-in this tab starts: the one still pending, else a new one. */
    begin(): string {
      // A second click on "sign in" (or Back to the hosted page) must not void the first one.
      const state = read() ?? createRandomState();
      try {
        storage.setItem(key, state);
      } catch {
        // Nowhere to keep it: the sign-in cannot finish here, which is the safe failure.
      }
      return state;
    },
    /** True when `state` is this tab's pending one, which is then spent: it vouches once. */
    consume(state: string | null): boolean {
      const pending = read();
      if (!state || !pending || state !== pending) return false;
      try {
        storage.removeItem(key);
      } catch {
        // A storage that refuses to forget still lives only as long as this tab.
      }
      return true;
    },
  };
}

export type SignInState = ReturnType<typeof createSignInState>;
