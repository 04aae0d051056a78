import { verificationEmail } from '../email/auth-emails';
import { findAccountByEmail } from './accounts';
import { verificationLink, type AuthContext } from './context';
import { issueEmailToken } from './email-tokens';

/**
 * Issues a fresh verification link and emails it. Earlier links stay valid until one is used
 * (the student may click any email); the link carries no password. A mail failure is logged,
 * never shown to the caller.
 */
export async function sendVerification(
  context: AuthContext,
  account: { id: string; email: string },
): Promise<void> {
  const token = await issueEmailToken(context.database.db, account.id, 'verify_email');
  const email = verificationEmail(account.email, verificationLink(context.publicUrl, token));
  try {
    await context.mailer.send(email);
  } catch (error) {
    context.log.error({ err: error, to: account.email }, 'verification email failed');
  }
}

/**
 * Re-sends the link when the address has an unverified account; silent otherwise. Runs after
 * the reply (email/background-mail.ts), so its speed does not tell which case it was.
 */
export function resendVerification(context: AuthContext, email: string): void {
  context.background.run('verification resend', async () => {
    const account = await findAccountByEmail(context.database.db, email);
    if (!account || account.email_verified_at) return;
    await sendVerification(context, account);
  });
}
