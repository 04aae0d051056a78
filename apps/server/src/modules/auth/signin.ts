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

export type SignInResult = TokenSet & { user: AuthUser };

const invalidCredentials = () =>
  new HttpError(400, ErrorCode.invalidCredentials, INVALID_CREDENTIALS_MESSAGE);

/**
 * An unverified account answers exactly as a wrong password does, whatever password is tried,
 * and holds no password to try (accounts.ts, NO_PASSWORD). Anything else would help an attacker:
 * - a sign-up's password opening the account would let a stranger who signed up the address
 *   first, or in between, keep it once the owner verifies;
 * - "right password, not verified" (403) would tell the stranger, who just signed up with their
 *   own password, whether the address was free (their password) or taken (someone else's),
 *   which sign-up's equal answers are there to hide; and it would confirm a guessed password.
 * The owner who has not verified yet gets the link again from sign-up or "Forgot password?".
 */
export async function signIn(context: AuthContext, input: SignInBody): Promise<SignInResult> {
  const account = await findAccountByEmail(context.db, input.email);
  if (!account?.email_verified_at) {
    // As long as a real check, so the answer's speed does not single out these addresses.
    await spendPasswordCheckTime(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(input.password, account.password_hash))) throw invalidCredentials();
  const tokens = await startSession(context.sessions, account);
  return { user: toAuthUser(account), ...tokens };
}
