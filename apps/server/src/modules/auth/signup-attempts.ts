import type { Kysely } from 'kysely';
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { verifyPassword } from '../../lib/passwords';
import { isoTime } from '../../lib/timestamps';
import { generateId } from '../../lib/tokens';

/**
 * A sign-up's password is kept apart from the account, as an attempt, until the mailbox owner
 * sets the account's password through an emailed link. Signing in with it opens nothing: it only
 * earns the answer "verify your email first", so a student who signs in before clicking the link
 * is told what to do (docs/security.md).
 *
 * Every sign-up keeps one, whatever the state of the address, so that answer tells a stranger
 * nothing: one who signs up an address and then signs in with their own password is told to
 * verify, whether the address was free, awaiting verification or long verified.
 */

/** The newest attempts a sign-in compares; each costs a password check. */
const ATTEMPTS_CHECKED = 3;

export async function recordSignupAttempt(
  db: Kysely<Database>,
  accountId: string,
  passwordHash: string,
  now = Date.now(),
): Promise<void> {
  await db
    .insertInto('auth_signup_attempts')
    .values({
      id: generateId(),
      account_id: accountId,
      password_hash: passwordHash,
      created_at: isoTime(now),
      expires_at: isoTime(now + EMAIL_VERIFICATION_TTL_SECONDS * 1000),
    })
    .execute();
  // Expired ones are of no use; the account's own rows are the only ones a sign-up pays for.
  await db
    .deleteFrom('auth_signup_attempts')
    .where('account_id', '=', accountId)
    .where('expires_at', '<=', isoTime(now))
    .execute();
}

/** Whether `password` is one that a recent sign-up of the account chose. */
export async function matchesSignupAttempt(
  db: Kysely<Database>,
  accountId: string,
  password: string,
  now = Date.now(),
): Promise<boolean> {
  const attempts = await db
    .selectFrom('auth_signup_attempts')
    .select('password_hash')
    .where('account_id', '=', accountId)
    .where('expires_at', '>', isoTime(now))
    .orderBy('created_at', 'desc')
    .limit(ATTEMPTS_CHECKED)
    .execute();
  for (const attempt of attempts) {
    if (await verifyPassword(password, attempt.password_hash)) return true;
  }
  return false;
}

/** Once the mailbox owner has set the password, no sign-up's password means anything. */
export async function forgetSignupAttempts(db: Kysely<Database>, accountId: string) {
  await db.deleteFrom('auth_signup_attempts').where('account_id', '=', accountId).execute();
}
