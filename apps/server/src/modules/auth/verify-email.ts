import type { VerifyEmailBody } from '@campuscollab/shared';
import { hashPassword } from '../../lib/passwords';
import { isoTime } from '../../lib/timestamps';
import { findAccountById, toAuthUser } from './accounts';
import type { AuthContext } from './context';
import { claimEmailToken, invalidLink } from './email-tokens';
import { forgetSignupAttempts } from './signup-attempts';
import { startSession } from './sessions';
import type { SignInResult } from './signin';

/**
 * POST /api/auth/verify, from the page a verification link opens: the link proves the mailbox,
 * so its holder verifies the address and sets the account's first password (the one they signed
 * up with, or any other). Every other link of the account is retired, and the student is signed
 * in. Opening the link (GET) changes nothing, because mail scanners fetch links too.
 */
export async function verifyEmail(
  context: AuthContext,
  input: VerifyEmailBody,
  now = Date.now(),
): Promise<SignInResult> {
  // Hashed before the transaction, so the slow part holds no lock.
  const passwordHash = await hashPassword(input.password);
  const accountId = await context.database.db.transaction().execute(async (trx) => {
    const claimed = await claimEmailToken(trx, input.token, 'verify_email', now);
    if (!claimed) return null;
    await forgetSignupAttempts(trx, claimed);
    const verified = await trx
      .updateTable('auth_accounts')
      .set({
        password_hash: passwordHash,
        email_verified_at: isoTime(now),
        updated_at: isoTime(now),
      })
      // A verified account's password changes only by reset, which also ends its sessions.
      .where('id', '=', claimed)
      .where('email_verified_at', 'is', null)
      .executeTakeFirst();
    return verified.numUpdatedRows === 1n ? claimed : null;
  });
  const account = accountId && (await findAccountById(context.database, accountId));
  if (!account) throw invalidLink();
  const tokens = await startSession(context.sessions, account, now);
  return { user: toAuthUser(account), ...tokens };
}
