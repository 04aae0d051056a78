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

export async function signIn(context: AuthContext, input: SignInBody): Promise<SignInResult> {
  const account = await findAccountByEmail(context.db, input.email);
  if (!account) {
    await spendPasswordCheckTime(input.password);
    throw invalidCredentials();
  }
  if (!(await verifyPassword(input.password, account.password_hash))) throw invalidCredentials();
  // Checked after the password, so only the owner learns that the address awaits verification.
  if (!account.email_verified_at) {
    throw new HttpError(403, ErrorCode.emailNotVerified, 'Email not confirmed');
  }
  const tokens = await startSession(context.sessions, account);
  return { user: toAuthUser(account), ...tokens };
}
