import type { TokenSet } from '@campuscollab/shared/core';
import { createAuthError, SdkErrorKind, type SdkError } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import { buildTokenSet, isRefreshTokenExpired, stampTokenSet } from './session-tokens';

export type RefreshOutcome =
  | { kind: 'refreshed'; tokens: TokenSet }
  /** The refresh token is expired, invalid or revoked: the session is over. */
  | { kind: 'signed-out' }
  /** The server could not be asked (offline, 5xx, 429): keep the tokens and try again later. */
  | { kind: 'failed'; error: SdkError };

/** POST /api/auth/refresh {refresh_token} (docs/product.md §7.1), read as one of three outcomes. */
export async function requestRefresh(
  api: ApiClient,
  tokens: TokenSet,
  nowMs: number,
): Promise<RefreshOutcome> {
  // docs/product.md §4.3: an expired refresh token clears the session without asking the server.
  if (isRefreshTokenExpired(tokens, nowMs)) return { kind: 'signed-out' };
  const result = await api.request<unknown>({
    method: 'POST',
    path: '/api/auth/refresh',
    body: { refresh_token: tokens.refresh_token },
    auth: 'none',
    kind: SdkErrorKind.auth,
  });
  if (result.error) {
    // 401 is the refused refresh of docs/product.md §4.3; a 400 means the stored token is
    // malformed, which no retry will fix either.
    const { status } = result.error;
    return status === 401 || status === 400
      ? { kind: 'signed-out' }
      : { kind: 'failed', error: result.error };
  }
  const issued = buildTokenSet(result.data, nowMs);
  if (!issued) return { kind: 'failed', error: createAuthError('Invalid refresh response') };
  return { kind: 'refreshed', tokens: stampTokenSet(issued, nowMs) };
}
