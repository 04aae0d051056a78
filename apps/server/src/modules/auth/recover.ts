import { passwordResetEmail } from '../email/auth-emails';
import { findAccountByEmail } from './accounts';
import { resetPasswordPageUrl, type AuthContext } from './context';
import { replaceEmailToken } from './email-tokens';

/**
 * POST /api/auth/recover ("Forgot password?"): the owner of an existing account, verified or
 * not, gets a single-use link to the web app's reset form, valid 1 hour; a new link retires the
 * older ones. Nothing else happens for an unknown address, and the work runs after the reply,
 * so neither the answer nor its speed tells the two apart.
 */
export function requestPasswordReset(context: AuthContext, email: string): void {
  context.background.run('password reset email', async () => {
    const account = await findAccountByEmail(context.database.db, email);
    if (!account) return;
    const token = await replaceEmailToken(context.database.db, account.id, 'reset_password');
    const link = resetPasswordPageUrl(context.publicUrl, token);
    await context.mailer.send(passwordResetEmail(account.email, link));
  });
}
