import type { TokenSet } from '@campuscollab/shared/core';
import { buildTokenSet, type SignInState } from './session-tokens';

const TOKEN_PARAMS = ['access_token', 'refresh_token'] as const;
const HANDED_OVER_PARAMS = [...TOKEN_PARAMS, 'state'] as const;

/**
 * docs/product.md §4.2, source 2: the hosted sign-in page returns the visitor with `access_token`,
 * `refresh_token` and the `state` this tab sent it. The tokens count only with that state (see
 * session-tokens.ts); tokens and state are removed from the address at once, used or not, so
 * they end up neither in the history, nor in a bookmark, nor in a shared link.
 */
export function takeTokensFromUrl(nowMs: number, signInState: SignInState): TokenSet | null {
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
  const requested = signInState.consume(url.searchParams.get('state'));
  for (const name of HANDED_OVER_PARAMS) url.searchParams.delete(name);
  try {
    window.history.replaceState(window.history.state, '', url.toString());
  } catch {
    // A sandboxed frame may refuse; nothing else can be done about the address.
  }
  return requested ? tokens : null;
}

/** Where the visitor is now, for the hosted page's `redirect_url`. */
export function readCurrentUrl(): string {
  return typeof window !== 'undefined' && window.location ? window.location.href : '';
}

/**
 * docs/product.md §7.1's hosted sign-in page, `${url}/auth?redirect_url=<here>&project_id=<id>`,
 * plus the `state` it returns with the tokens.
 */
export function buildSignInUrl(
  baseUrl: string,
  projectId: string,
  redirectUrl: string,
  state: string,
): string {
  const url = new URL(`${baseUrl.replace(/\/+$/, '')}/auth`);
  url.searchParams.set('redirect_url', redirectUrl);
  url.searchParams.set('project_id', projectId);
  url.searchParams.set('state', state);
  return url.toString();
}
