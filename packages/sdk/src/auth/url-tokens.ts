import type { TokenSet } from '@campuscollab/shared/core';
import { buildTokenSet } from './token-set';

const TOKEN_PARAMS = ['access_token', 'refresh_token'] as const;

/**
 * Spec section 4, source 2: the hosted sign-in page sends the visitor back with `access_token`
 * and `refresh_token` in the query. They are removed from the address at once, whether used or
 * not, so they end up neither in the history, nor in a bookmark, nor in a shared link.
 */
export function takeTokensFromUrl(nowMs: number): TokenSet | null {
  if (typeof window === 'undefined' || !window.location) return null;
  const url = new URL(window.location.href);
  if (!TOKEN_PARAMS.some((name) => url.searchParams.has(name))) return null;
  const tokens = buildTokenSet(
    {
      access_token: url.searchParams.get('access_token'),
      refresh_token: url.searchParams.get('refresh_token'),
    },
    nowMs,
  );
  for (const name of TOKEN_PARAMS) url.searchParams.delete(name);
  try {
    window.history.replaceState(window.history.state, '', url.toString());
  } catch {
    // A sandboxed frame may refuse; the tokens are still used, and nothing else can be done.
  }
  return tokens;
}

/** Where the visitor is now, for the hosted page's `redirect_url`. */
export function readCurrentUrl(): string {
  return typeof window !== 'undefined' && window.location ? window.location.href : '';
}

/** The hosted sign-in page of spec section 7: `${url}/auth?redirect_url=<current>&project_id=<id>`. */
export function buildSignInUrl(baseUrl: string, projectId: string, redirectUrl: string): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/auth`);
  url.searchParams.set('redirect_url', redirectUrl);
  url.searchParams.set('project_id', projectId);
  return url.toString();
}
