import type { AuthUser, TokenSet } from '@campuscollab/shared/core';
import { createAuthError, SdkErrorKind } from '../errors/sdk-error';
import { fail, ok, type Result } from '../http/result';
import type { AuthSession } from './auth-session';
import { buildTokenSet, stampTokenSet } from './session-tokens';

/** What verifying an email resolves to: the account and the session it is now signed in with. */
export interface VerifyEmailData {
  user: AuthUser;
  session: TokenSet;
}

/**
 * The calls behind the links the server emails: the verification link's page, "Forgot
 * password?" and the reset form. A link proves the mailbox, so these are where a password is
 * set; failures keep the server's code (`INVALID_LINK` for an unknown, used or expired link).
 */
export function createEmailLinkAuth(session: AuthSession, options: { now: () => number }) {
  const { api } = session;
  const kind = SdkErrorKind.auth;

  return {
    /**
     * Verifies the address with the token of a verification link and sets the account's
     * password (POST /api/auth/verify); the student is then signed in, as after
     * `signInWithEmail`: the session is stored and shared with the other tabs.
     * A used or expired link fails with code `INVALID_LINK` (400).
     */
    async verifyEmail(token: string, password: string): Promise<Result<VerifyEmailData>> {
      const result = await api.request<{ user: AuthUser } & TokenSet>({
        method: 'POST',
        path: '/api/auth/verify',
        body: { token, password },
        auth: 'none',
        kind,
      });
      if (result.error) return fail(result.error);
      const issued = buildTokenSet(result.data, options.now());
      if (!issued) return fail(createAuthError('Invalid verification response'));
      const tokens = stampTokenSet(issued, options.now());
      session.acceptTokens(tokens, true, result.data.user);
      return ok({ user: result.data.user, session: tokens });
    },

    /**
     * Asks for a password reset link (POST /api/auth/recover). The server answers the same for
     * every address, so success means only that the request was accepted.
     */
    recoverPassword(email: string): Promise<Result<{ sent: boolean }>> {
      return api.request({
        method: 'POST',
        path: '/api/auth/recover',
        body: { email },
        auth: 'none',
        kind,
      });
    },

    /**
     * Sets a new password with the token of a reset link (POST /api/auth/reset). Every sign-in
     * of the account ends, on every device, so sign in again afterwards. A used or
     * expired link fails with code `INVALID_LINK` (400).
     */
    resetPassword(token: string, password: string): Promise<Result<null>> {
      return api.request<null>({
        method: 'POST',
        path: '/api/auth/reset',
        body: { token, password },
        auth: 'none',
        kind,
      });
    },
  };
}
