import { WAIT_FOR_USER_TIMEOUT_MS, type AuthUser } from '@campuscollab/shared/core';
import { createAuthError, SdkMessage } from '../errors/sdk-error';
import { fail, ok, type Result } from '../http/result';
import type { AuthStateStore } from './auth-state';

/**
 * Resolves with the signed-in user as soon as there is one (at once if there already is), or
 * after 5000 ms (docs/product.md §9) with AUTH_ERROR 'Authentication timeout - no user available'.
 */
export function waitForUser(
  state: AuthStateStore,
  timeoutMs = WAIT_FOR_USER_TIMEOUT_MS,
): Promise<Result<AuthUser>> {
  const current = state.get().user;
  if (current) return Promise.resolve(ok(current));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      unsubscribe();
      resolve(fail(createAuthError(SdkMessage.authTimeout)));
    }, timeoutMs);
    // The immediate first call sees no user (checked above), so `unsubscribe` exists when used.
    const unsubscribe = state.subscribe((change) => {
      if (!change.user) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(ok(change.user));
    });
  });
}
