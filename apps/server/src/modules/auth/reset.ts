import type { ResetPasswordBody } from '@campuscollab/shared';
import { hashPassword } from '../../lib/passwords';
import { isoTime } from '../../lib/timestamps';
import type { AuthContext } from './context';
import { claimEmailToken, invalidLink } from './email-tokens';
import { forgetSignupAttempts } from './signup-attempts';
import { revokeAccountSessions } from './sessions';

/**
 * POST /api/auth/reset, from the form a reset link opens: sets the password and ends every
 * sign-in of the account, so whoever knew the old password is signed out too. The link proves
 * the mailbox, so an unverified account becomes verified; every other link is retired.
 */
export async function resetPassword(
  context: AuthContext,
  input: ResetPasswordBody,
  now = Date.now(),
): Promise<void> {
  const passwordHash = await hashPassword(input.password);
  const accountId = await context.database.db.transaction().execute(async (trx) => {
    const claimed = await claimEmailToken(trx, input.token, 'reset_password', now);
    if (!claimed) return null;
    await forgetSignupAttempts(trx, claimed);
    await trx
      .updateTable('auth_accounts')
      .set((eb) => ({
        password_hash: passwordHash,
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(isoTime(now))),
        updated_at: isoTime(now),
      }))
      .where('id', '=', claimed)
      .execute();
    return claimed;
  });
  if (!accountId) throw invalidLink();
  await revokeAccountSessions(context.sessions, accountId, now);
}
