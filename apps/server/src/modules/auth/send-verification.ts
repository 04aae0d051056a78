import type { AuthContext } from './context';
import { verificationLink } from './context';
import { issueVerificationToken } from './email-tokens';
import { verificationEmail } from './emails';

/** Issues a fresh link and emails it. A mail failure is logged, never shown to the caller. */
export async function sendVerification(
  context: AuthContext,
  account: { id: string; email: string },
  passwordHash: string | null,
): Promise<void> {
  const token = await issueVerificationToken(context.db, account.id, passwordHash);
  const email = verificationEmail(account.email, verificationLink(context.publicUrl, token));
  try {
    await context.mailer.send(email);
  } catch (error) {
    context.log.error({ err: error, to: account.email }, 'verification email failed');
  }
}
