import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  TOKEN_EXPIRY_MARGIN_SECONDS,
  type TokenSet,
} from '@campuscollab/shared/core';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

const positiveNumber = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;

/**
 * A complete token set (docs/product.md §3.3) from what a source holds. The page address and the
 * parent window may carry only the two tokens; the default lifetimes (900 s and 30 days,
 * §3.3) and "issued now" fill the rest. Anything without both tokens is no session at all.
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
