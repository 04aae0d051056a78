import { findAccountByEmail } from './accounts';
import type { AuthContext } from './context';
import { sendVerification } from './send-verification';

/** Re-sends the link when the address has an unverified account; silent otherwise. */
export async function resendVerification(context: AuthContext, email: string): Promise<void> {
  const account = await findAccountByEmail(context.db, email);
  if (!account || account.email_verified_at) return;
  await sendVerification(context, account, null);
}
