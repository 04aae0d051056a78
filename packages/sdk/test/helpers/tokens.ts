import type { AuthUser, TokenSet } from '@campuscollab/shared/core';

const encode = (value: unknown) =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned JWT-shaped access token; the SDK only reads its `sub`. */
export function makeAccessToken(subject: string, label: string): string {
  return `${encode({ alg: 'HS256' })}.${encode({ sub: subject, label })}.signature`;
}

/** A token set issued at `nowMs`, with the default lifetimes of docs/product.md §3.3. */
export function makeTokenSet(subject: string, label: string, nowMs = Date.now()): TokenSet {
  return {
    access_token: makeAccessToken(subject, label),
    refresh_token: `refresh-${label}`,
    token_type: 'bearer',
    expires_in: 900,
    refresh_expires_in: 2_592_000,
    issued_at: Math.floor(nowMs / 1000),
  };
}

export function makeUser(id = 'account-1'): AuthUser {
  return {
    id,
    email: `${id}@mit.edu`,
    displayName: null,
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00.000Z',
  };
}
