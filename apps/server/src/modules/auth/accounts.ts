import type { Kysely, Selectable } from 'kysely';
import type { AuthUser } from '@campuscollab/shared';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { AuthAccountsTable, Database } from '../../db/schema';

type AccountRow = Selectable<AuthAccountsTable>;

/** What the API shows of an account: never the password hash. */
type PublicAccountRow = Pick<
  AccountRow,
  'id' | 'email' | 'display_name' | 'email_verified_at' | 'created_at'
>;

/**
 * What an unverified account holds instead of a password hash: not a hash at all, so no password
 * matches it. A sign-up proves nothing about who reads the mailbox, so its password is never
 * kept; the account gets one only from the page an emailed link opens (verify-email.ts,
 * reset.ts). Migration 015 writes the same text.
 */
export const NO_PASSWORD = 'none';

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('auth_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

/** An account's public fields, kept compiled (db/compiled-queries/): every page load asks. */
const accountByIdQuery = defineQuery((db, [id]: [string]) =>
  db
    .selectFrom('auth_accounts')
    .select(['id', 'email', 'display_name', 'email_verified_at', 'created_at'])
    .where('id', '=', id),
);

export async function findAccountById(
  database: DatabaseHandle,
  id: string,
): Promise<PublicAccountRow | undefined> {
  const rows = await database.compiledQueries.rows(accountByIdQuery, [id]);
  return rows[0];
}

/** The account as the API shows it. */
export function toAuthUser(account: PublicAccountRow): AuthUser {
  return {
    id: account.id,
    email: account.email,
    displayName: account.display_name,
    emailVerified: account.email_verified_at !== null,
    createdAt: account.created_at,
  };
}
