import { ANALYTICS_SESSION_IDLE_MS } from '@campuscollab/shared/core';

/** A random id: a UUID where the platform has one, else 128 random bits in hex. */
export function createRandomId(): string {
  const { crypto } = globalThis;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The analytics session of docs/product.md §7.7: one id until the visitor has been idle for 30
 * minutes, then a new one. Idle is measured between tracked events.
 */
export function createAnalyticsSession(now: () => number, createId: () => string = createRandomId) {
  let id: string | null = null;
  let lastActivity = 0;
  return {
    /** The id for an event happening now; renews it after 30 minutes without events. */
    touch(): string {
      const time = now();
      if (id === null || time - lastActivity > ANALYTICS_SESSION_IDLE_MS) id = createId();
      lastActivity = time;
      return id;
    },
  };
}
