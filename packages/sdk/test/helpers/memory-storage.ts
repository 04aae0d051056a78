import type { TokenStorage } from '../../src/auth/session-tokens';

/** A Storage double several "tabs" of one test can share. */
export function createSharedStorage(): TokenStorage & { entries: Map<string, string> } {
  const entries = new Map<string, string>();
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}
