import type { AuthUser, SchoolDomainAnswer, TokenSet } from '@campuscollab/shared/core';
import { createAuthError, SdkErrorKind, SdkMessage } from '../errors/sdk-error';
import { fail, ok, type Result } from '../http/result';
import type { AuthChangeListener, AuthState } from './auth-state';
import type { AuthSession } from './auth-session';
import { createEmailLinkAuth } from './email-link-auth';
import { buildTokenSet, stampTokenSet } from './session-tokens';
import { readCurrentUrl } from './url-tokens';
import { waitForUser } from './wait-for-user';

/** What sign-in resolves to: the account and the token set the session now holds. */
export interface SignInData {
  user: AuthUser;
  session: TokenSet;
}

/** The auth operations of docs/product.md §7.1, on top of the session. */
export function createAuthClient(
  session: AuthSession,
  options: {
    navigate: (url: string) => void;
    now: () => number;
  },
) {
  const { api } = session;
  const kind = SdkErrorKind.auth;
  const requireSession = () =>
    session.state.get().tokens ? null : createAuthError(SdkMessage.notAuthenticated);

  return {
    // verifyEmail, recoverPassword, resetPassword: the calls behind the emailed links.
    ...createEmailLinkAuth(session, { now: options.now }),

    /**
     * Creates an account (school email, password of 8+); the server emails a verification link,
     * whose page sets the password (`verifyEmail`). The password given here is checked, not kept.
     */
    signUp(email: string, password: string): Promise<Result<{ user: Partial<AuthUser> }>> {
      return api.request({
        method: 'POST',
        path: '/api/auth/signup',
        body: { email, password },
        auth: 'none',
        kind,
      });
    },

    /**
     * Whether an address is a school email, and its school's names from the swot dataset
     * (GET /api/auth/school-domain). The server decides (docs/product.md §5.1); sign-up asks it
     * again. A malformed address fails with VALIDATION_ERROR (400).
     */
    checkSchoolEmail(email: string): Promise<Result<SchoolDomainAnswer>> {
      return api.request({
        method: 'GET',
        path: '/api/auth/school-domain',
        query: { email },
        auth: 'none',
        kind,
      });
    },

    /** (Re)sends the verification email; the server answers the same whether or not it sent one. */
    sendEmailVerification(email: string): Promise<Result<{ sent: boolean }>> {
      return api.request({
        method: 'POST',
        path: '/api/auth/verification',
        body: { email },
        auth: 'none',
        kind,
      });
    },

    /**
     * Signs in with email and password and keeps the session (stored, shared with other tabs).
     * Failures keep the server's code: `INVALID_CREDENTIALS` (400, 'Invalid login credentials'),
     * which is also the answer for an address not verified yet.
     */
    async signInWithEmail(email: string, password: string): Promise<Result<SignInData>> {
      const result = await api.request<{ user: AuthUser } & TokenSet>({
        method: 'POST',
        path: '/api/auth/signin',
        body: { email, password },
        auth: 'none',
        kind,
      });
      if (result.error) return fail(result.error);
      const issued = buildTokenSet(result.data, options.now());
      if (!issued) return fail(createAuthError('Invalid sign-in response'));
      const tokens = stampTokenSet(issued, options.now());
      session.acceptTokens(tokens, true, result.data.user);
      return ok({ user: result.data.user, session: tokens });
    },

    /**
     * Sends the visitor to the hosted sign-in page, which returns them to `redirectUrl` (default:
     * here) with the tokens. Only this tab accepts them: the page carries a `state` kept in
     * sessionStorage, and the SDK ignores tokens in an address that lacks it.
     */
    login(redirectUrl: string = readCurrentUrl()): void {
      options.navigate(session.startSignIn(redirectUrl));
    },

    /**
     * Revokes the sign-in on the server (POST /api/auth/logout) and clears the tokens here and
     * in every other tab. The local sign-out happens even when the server cannot be reached.
     * With `redirectTo`, the page then goes there.
     */
    async logout(how: { redirectTo?: string } = {}): Promise<Result<null>> {
      const tokens = session.state.get().tokens;
      session.clearSession({ share: true, redirect: false });
      let result: Result<null> = ok(null);
      if (tokens) {
        const revoked = await api.request<null>({
          method: 'POST',
          path: '/api/auth/logout',
          body: { refresh_token: tokens.refresh_token },
          auth: 'none',
          kind,
        });
        if (revoked.error) result = fail(revoked.error);
      }
      if (how.redirectTo) options.navigate(how.redirectTo);
      return result;
    },

    /** The signed-in account, fresh from GET /api/auth/me; AUTH_ERROR 'Not authenticated' without a session. */
    me(): Promise<Result<AuthUser>> {
      const missing = requireSession();
      return missing ? Promise.resolve(fail(missing)) : session.loadUser();
    },

    /** Changes the display name (PATCH /api/auth/me); null removes it. */
    async updateMe(patch: { displayName: string | null }): Promise<Result<AuthUser>> {
      const missing = requireSession();
      if (missing) return fail(missing);
      const result = await api.request<{ user: AuthUser }>({
        method: 'PATCH',
        path: '/api/auth/me',
        body: { displayName: patch.displayName },
        auth: 'required',
        kind,
        fallbackMessage: SdkMessage.updateUserFailed,
      });
      if (result.error) return fail(result.error);
      session.setUser(result.data.user);
      return ok(result.data.user);
    },

    /**
     * Deletes the account and everything it owns (profile, projects, applications, messages,
     * files, sessions), then signs out here and in the other tabs.
     */
    async deleteAccount(): Promise<Result<null>> {
      const missing = requireSession();
      if (missing) return fail(missing);
      const result = await api.request<null>({
        method: 'DELETE',
        path: '/api/auth/me',
        auth: 'required',
        kind,
      });
      if (result.error) return fail(result.error);
      session.clearSession({ share: true, redirect: false });
      return ok(null);
    },

    /** A usable access token (refreshed first when it counts as expired), or null when signed out. */
    async getAccessToken(): Promise<string | null> {
      try {
        return await session.getAccessToken();
      } catch {
        return null; // Offline refresh: no usable token right now.
      }
    },

    /** The current state: user, tokens, isAuthenticated, isLoading. */
    getState(): AuthState {
      return session.state.get();
    },

    /** The signed-in user, or null. */
    getUser(): AuthUser | null {
      return session.state.get().user;
    },

    /**
     * Calls `listener` with `{ user, loading, isAuthenticated }` now and on every change;
     * returns the function that stops it.
     */
    onAuthStateChange(listener: AuthChangeListener): () => void {
      return session.state.subscribe(listener);
    },

    /** The user once there is one; AUTH_ERROR 'Authentication timeout - no user available' after 5 s. */
    waitForUser(timeoutMs?: number): Promise<Result<AuthUser>> {
      return waitForUser(session.state, timeoutMs);
    },
  };
}

export type AuthClient = ReturnType<typeof createAuthClient>;
