import { createMemoryStorage, type TokenStorage } from './token-storage';

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
 * OAuth's `state` for the hosted sign-in (docs/product.md §4.2, source 2). Tokens in the address
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
