import type { TokenSet } from '@campuscollab/shared/core';
import { buildTokenSet } from './token-set';

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
