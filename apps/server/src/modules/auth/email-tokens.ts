import type { Kysely } from 'kysely';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  ErrorCode,
  INVALID_LINK_MESSAGE,
  PASSWORD_RESET_TTL_SECONDS,
} from '@campuscollab/shared';
import type { Database, EmailTokenPurpose } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { isoTime } from '../../lib/timestamps';
import { generateId, generateToken, hashToken } from '../../lib/tokens';

/**
 * Emailed links prove that whoever holds them reads the account's mailbox, and nothing more:
 * no link carries a password, so a link sent by a stranger's sign-up hands the stranger
 * nothing. Only the token's hash is stored.
 */
const LIFETIME_SECONDS: Record<EmailTokenPurpose, number> = {
  verify_email: EMAIL_VERIFICATION_TTL_SECONDS,
  reset_password: PASSWORD_RESET_TTL_SECONDS,
};

export const invalidLink = () => new HttpError(400, ErrorCode.invalidLink, INVALID_LINK_MESSAGE);

/** A new single-use link token of the account, valid for its purpose's lifetime. */
export async function issueEmailToken(
  db: Kysely<Database>,
  accountId: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<string> {
  const token = generateToken();
  await db
    .insertInto('auth_email_tokens')
    .values({
      id: generateId(),
      account_id: accountId,
      purpose,
      token_hash: hashToken(token),
      expires_at: isoTime(now + LIFETIME_SECONDS[purpose] * 1000),
      created_at: isoTime(now),
    })
    .execute();
  return token;
}

/**
 * A new link of the purpose that retires the account's older ones (a reset link: only the
 * newest one works). The account's row is the lock, so two requests at once leave one link.
 */
export async function replaceEmailToken(
  db: Kysely<Database>,
  accountId: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    await lockAccount(trx, accountId, now);
    await trx
      .updateTable('auth_email_tokens')
      .set({ used_at: isoTime(now) })
      .where('account_id', '=', accountId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .execute();
    return issueEmailToken(trx, accountId, purpose, now);
  });
}

/** Takes the account's row lock for the rest of the transaction. */
async function lockAccount(trx: Kysely<Database>, accountId: string, now: number) {
  await trx
    .updateTable('auth_accounts')
    .set({ updated_at: isoTime(now) })
    .where('id', '=', accountId)
    .execute();
}

/**
 * Uses a link token inside the caller's transaction and returns its account, or null when it is
 * unknown, used, expired or of another purpose. Every other outstanding link of the account, of
 * either purpose, is retired with it: once the mailbox owner has set a password, an older link
 * lying in the mailbox must not set another.
 */
export async function claimEmailToken(
  trx: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
  now = Date.now(),
): Promise<string | null> {
  const row = await trx
    .selectFrom('auth_email_tokens')
    .select(['id', 'account_id'])
    .where('token_hash', '=', hashToken(token))
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', isoTime(now))
    .executeTakeFirst();
  if (!row) return null;
  // The account's row is the lock: of two requests racing with one link, or with two links of
  // one account, the second waits here, then finds its link used and claims nothing. (Locking
  // the links themselves could deadlock two requests that each took one first.)
  await lockAccount(trx, row.account_id, now);
  const claimed = await trx
    .updateTable('auth_email_tokens')
    .set({ used_at: isoTime(now) })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (claimed.numUpdatedRows !== 1n) return null;
  await trx
    .updateTable('auth_email_tokens')
    .set({ used_at: isoTime(now) })
    .where('account_id', '=', row.account_id)
    .where('used_at', 'is', null)
    .execute();
  return row.account_id;
}
