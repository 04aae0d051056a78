import type { SignUpBody } from '@campuscollab/shared';
import { hashPassword } from '../../lib/passwords';
import { generateId } from '../../lib/tokens';
import { findAccountByEmail } from './accounts';
import { signInPageUrl, type AuthContext } from './context';
import { accountExistsEmail } from './emails';
import { sendVerification } from './send-verification';

/**
 * Creates an unverified account and emails its verification link. Every outcome answers the
 * same, so sign-up cannot be used to learn who has an account:
 * - an address that is already verified gets an email saying so, and nothing changes;
 * - an address that is still unverified gets a new link that carries this sign-up's password,
 *   so whoever owns the mailbox decides the password (a stranger who signed up first with the
 *   address cannot keep control of the account).
 */
export async function signUp(context: AuthContext, input: SignUpBody): Promise<void> {
  // Hash first on every path, so all three take the same time.
  const passwordHash = await hashPassword(input.password);
  const existing = await findAccountByEmail(context.db, input.email);

  if (existing?.email_verified_at) {
    const email = accountExistsEmail(existing.email, signInPageUrl(context.publicUrl));
    await context.mailer.send(email).catch((error: unknown) => {
      context.log.error({ err: error }, 'account-exists email failed');
    });
    return;
  }
  if (existing) {
    await sendVerification(context, existing, passwordHash);
    return;
  }

  const now = new Date().toISOString();
  const account = { id: generateId(), email: input.email };
  const inserted = await context.db
    .insertInto('auth_accounts')
    .values({ ...account, password_hash: passwordHash, created_at: now, updated_at: now })
    // Two sign-ups racing for one address: the second finds the first's row and stops here.
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows === 0n) return;
  await sendVerification(context, account, null);
}
