import { ErrorCode, SCHOOL_EMAIL_FORM_MESSAGE, type SignUpBody } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import { hashPassword } from '../../lib/passwords';
import { generateId } from '../../lib/tokens';
import { accountExistsEmail } from '../email/auth-emails';
import { findAccountByEmail, NO_PASSWORD } from './accounts';
import { signInPageUrl, type AuthContext } from './context';
import { sendVerification } from './verification-emails';
import { recordSignupAttempt } from './signup-attempts';
import { isSchoolAddress } from './school-domains';

/**
 * Creates an unverified account and emails its verification link. Every outcome answers the
 * same and sends one email, so sign-up cannot be used to learn who has an account:
 * - an address that is already verified gets an email saying so, and nothing changes;
 * - an address that is still unverified gets a fresh link, and nothing else changes;
 * - a new address gets an account with no password yet, and a link.
 * The password never becomes the account's: whoever signs up may not own the mailbox, so the
 * account's password is chosen on the page the link opens (verify-email.ts). It is kept as an
 * attempt on every path alike (signup-attempts.ts), which costs each path the same hash.
 */
export async function signUp(context: AuthContext, input: SignUpBody): Promise<void> {
  // docs/product.md §5.1: refused as the schema refuses a field, before anything is looked up.
  if (!(await isSchoolAddress(input.email))) {
    throw new HttpError(400, ErrorCode.validation, SCHOOL_EMAIL_FORM_MESSAGE, {
      details: { fields: [{ field: 'email', message: SCHOOL_EMAIL_FORM_MESSAGE }] },
    });
  }
  const passwordHash = await hashPassword(input.password);
  const existing = await findAccountByEmail(context.database.db, input.email);
  if (existing) await recordSignupAttempt(context.database.db, existing.id, passwordHash);

  if (existing?.email_verified_at) {
    const email = accountExistsEmail(existing.email, signInPageUrl(context.publicUrl));
    await context.mailer.send(email).catch((error: unknown) => {
      context.log.error({ err: error }, 'account-exists email failed');
    });
    return;
  }
  if (existing) {
    await sendVerification(context, existing);
    return;
  }

  const now = new Date().toISOString();
  const account = { id: generateId(), email: input.email };
  const inserted = await context.database.db
    .insertInto('auth_accounts')
    .values({ ...account, password_hash: NO_PASSWORD, created_at: now, updated_at: now })
    // Two sign-ups racing for one address: the second finds the first's row and stops here.
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  if (inserted.numInsertedOrUpdatedRows === 0n) return;
  await recordSignupAttempt(context.database.db, account.id, passwordHash);
  await sendVerification(context, account);
}
