import { PARENT_TOKEN_WAIT_MS, type TokenSet } from '@campuscollab/shared/core';
import { buildTokenSet } from './session-tokens';

/**
 * The messages a parent window may send to an embedded app (docs/product.md §4.2, §4.3):
 * `{ type: 'tokens', tokens: { access_token, refresh_token, ... } }` hands over a session (at start,
 * or later when the parent refreshed it) and `{ type: 'logout' }` ends it. At start the app asks
 * with `{ type: 'request-tokens' }`, which carries nothing secret.
 */
export type ParentMessage = { type: 'tokens'; tokens: TokenSet } | { type: 'logout' };

export interface ParentFrameOptions {
  allowedOrigins: readonly string[];
  now: () => number;
}

/**
 * The allowed parent origins as browsers write `MessageEvent.origin`: lowercase, no path, no
 * default port. Anything that is not an http(s) origin is dropped: `null` is what every sandboxed
 * frame and data: page posts as, so trusting it would trust any page that frames us through one.
 */
export function normalizeParentOrigins(origins: readonly string[]): string[] {
  const normalized = new Set<string>();
  for (const entry of origins) {
    try {
      const url = new URL(entry.trim());
      if (/^https?:$/.test(url.protocol)) normalized.add(url.origin);
    } catch {
      // Not a URL at all: no page has that origin.
    }
  }
  return [...normalized];
}

/** True when the page runs inside a frame, where source 1 of docs/product.md §4.2 applies. */
export function isEmbeddedInFrame(): boolean {
  try {
    return typeof window !== 'undefined' && window.parent != null && window.parent !== window;
  } catch {
    return true; // Reading parent can throw only across origins: that is a frame.
  }
}

/**
 * Reads a message as the parent's, or null. Only the parent itself, and only from an allowed
 * origin: any page can frame us and post messages, and a foreign one must not be able to plant
 * its own session (login CSRF) or sign the visitor out.
 */
export function readParentMessage(
  event: MessageEvent,
  options: ParentFrameOptions,
): ParentMessage | null {
  if (!options.allowedOrigins.includes(event.origin)) return null;
  if (typeof window !== 'undefined' && event.source !== window.parent) return null;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { type?: unknown; tokens?: unknown };
  if (message.type === 'logout') return { type: 'logout' };
  if (message.type !== 'tokens') return null;
  const tokens = buildTokenSet(message.tokens ?? message, options.now());
  return tokens ? { type: 'tokens', tokens } : null;
}

/** Listens for the parent's messages for the life of the client; returns the unsubscribe. */
export function listenToParent(
  options: ParentFrameOptions,
  onMessage: (message: ParentMessage) => void,
): () => void {
  if (!isEmbeddedInFrame() || options.allowedOrigins.length === 0) return () => {};
  const listener = (event: MessageEvent) => {
    const message = readParentMessage(event, options);
    if (message) onMessage(message);
  };
  window.addEventListener('message', listener);
  return () => window.removeEventListener('message', listener);
}

/**
 * Source 1 of docs/product.md §4.2: asks the parent for tokens and waits up to 100 ms for them.
 * Resolves early when they come; null when not framed, no origin is allowed, or none came.
 */
export function waitForParentTokens(options: ParentFrameOptions): Promise<TokenSet | null> {
  if (!isEmbeddedInFrame() || options.allowedOrigins.length === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const stop = listenToParent(options, (message) => {
      if (message.type !== 'tokens') return;
      finish(message.tokens);
    });
    const timer = setTimeout(() => finish(null), PARENT_TOKEN_WAIT_MS);
    function finish(tokens: TokenSet | null) {
      clearTimeout(timer);
      stop();
      resolve(tokens);
    }
    for (const origin of options.allowedOrigins) {
      try {
        // Delivered only if the parent really is at that origin.
        window.parent.postMessage({ type: 'request-tokens' }, origin);
      } catch {
        // An origin string the browser refuses: the parent may still send tokens unasked.
      }
    }
  });
}
