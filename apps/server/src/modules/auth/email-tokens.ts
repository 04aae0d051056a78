import type { Kysely } from 'kysely';
import { EMAIL_VERIFICATION_TTL_SECONDS } from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { isoTime } from '../../lib/timestamps';
import { generateId, generateToken, hashToken } from '../../lib/tokens';

/** A single-use verification link token, valid 24 hours; only its hash is stored. */
export async function issueVerificationToken(
  db: Kysely<Database>,
  accountId: string,
  passwordHash: string | null,
  now = Date.now(),
): Promise<string> {
  const token = generateToken();
  await db
    .insertInto('auth_email_tokens')
    .values({
      id: generateId(),
      account_id: accountId,
      purpose: 'verify_email',
      token_hash: hashToken(token),
      password_hash: passwordHash,
      expires_at: isoTime(now + EMAIL_VERIFICATION_TTL_SECONDS * 1000),
      created_at: isoTime(now),
    })
    .execute();
  return token;
}

/**
 * Uses a verification token: marks the account verified (with the password of the sign-up the
 * link belongs to, if any) and retires every other outstanding link of that account.
 * Returns false when the token is unknown, used or expired.
 */
export async function consumeVerificationToken(
  db: Kysely<Database>,
  token: string,
  now = Date.now(),
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('auth_email_tokens')
      .select(['id', 'account_id', 'password_hash'])
      .where('token_hash', '=', hashToken(token))
      .where('purpose', '=', 'verify_email')
      .where('used_at', 'is', null)
      .where('expires_at', '>', isoTime(now))
      .executeTakeFirst();
    if (!row) return false;
    const claimed = await trx
      .updateTable('auth_email_tokens')
      .set({ used_at: isoTime(now) })
      .where('account_id', '=', row.account_id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (claimed.numUpdatedRows === 0n) return false;
    await trx
      .updateTable('auth_accounts')
      .set({
        email_verified_at: isoTime(now),
        updated_at: isoTime(now),
        ...(row.password_hash ? { password_hash: row.password_hash } : {}),
      })
      .where('id', '=', row.account_id)
      .where('email_verified_at', 'is', null)
      .execute();
    return true;
  });
}
