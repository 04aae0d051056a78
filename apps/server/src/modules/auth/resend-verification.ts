import { findAccountByEmail } from './accounts';
import type { AuthContext } from './context';
import { sendVerification } from './send-verification';

/**
 * Re-sends the link when the address has an unverified account; silent otherwise. Runs after
 * the reply (modules/email/background-mail.ts), so its speed does not tell which case it was.
 */
export function resendVerification(context: AuthContext, email: string): void {
  context.background.run('verification resend', async () => {
    const account = await findAccountByEmail(context.db, email);
    if (!account || account.email_verified_at) return;
    await sendVerification(context, account);
  });
}
