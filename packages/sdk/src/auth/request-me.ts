import type { AuthUser } from '@campuscollab/shared/core';
import { SdkError, SdkErrorKind, SdkMessage } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import { fail, ok, type Result } from '../http/result';

/**
 * GET /api/auth/me (docs/product.md §7.1) with the session's token. A failure without a message of
 * its own, or an answer without a user, reads 'Failed to fetch user' (docs/product.md §8.5).
 */
export async function requestMe(api: ApiClient): Promise<Result<AuthUser>> {
  const result = await api.request<{ user?: AuthUser }>({
    method: 'GET',
    path: '/api/auth/me',
    auth: 'required',
    kind: SdkErrorKind.auth,
    fallbackMessage: SdkMessage.fetchUserFailed,
  });
  if (result.error) return fail(result.error);
  const user = result.data?.user;
  if (user) return ok(user);
  return fail(
    new SdkError({ kind: SdkErrorKind.auth, status: 200, message: SdkMessage.fetchUserFailed }),
  );
}
