import {
  ErrorCode,
  INVALID_CREDENTIALS_MESSAGE,
  type AuthUser,
  type SignInBody,
  type TokenSet,
} from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import { spendPasswordCheckTime, verifyPassword } from '../../lib/passwords';
import { findAccountByEmail, toAuthUser } from './accounts';
import type { AuthContext } from './context';
import { startSession } from './sessions';
import { matchesSignupAttempt } from './signup-attempts';

export type SignInResult = TokenSet & { user: AuthUser };

const invalidCredentials = () =>
  new HttpError(400, ErrorCode.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);

/**
 * Only the account's own password opens it, and an unverified account has none yet
 * (accounts.ts, NO_PASSWORD): a sign-up proves nothing about who reads the mailbox. A password
 * that a sign-up of the address chose is answered 403 "verify your email first" and opens
 * nothing (signup-attempts.ts); every other password, and an unknown address, get the same 400.
 * Every path spends at least one password check, so timing does not single out addresses.
 */
export async function signIn(context: AuthContext, input: SignInBody): Promise<SignInResult> {
  const account = await findAccountByEmail(context.database.db, input.email);
  if (!account) {
    await spendPasswordCheckTime(input.password);
    throw invalidCredentials();
  }
  if (!account.email_verified_at) await spendPasswordCheckTime(input.password);
  else if (await verifyPassword(input.password, account.password_hash)) {
    const tokens = await startSession(context.sessions, account);
    return { user: toAuthUser(account), ...tokens };
  }
  if (await matchesSignupAttempt(context.database.db, account.id, input.password)) {
    throw new HttpError(403, ErrorCode.emailNotVerified, 'Email not confirmed');
  }
  throw invalidCredentials();
}
