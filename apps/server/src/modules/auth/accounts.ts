import type { Kysely, Selectable } from 'kysely';
import type { AuthUser } from '@campuscollab/shared';
import type { AuthAccountsTable, Database } from '../../db/schema';

export type AccountRow = Selectable<AuthAccountsTable>;

export function findAccountByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('auth_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findAccountById(db: Kysely<Database>, id: string) {
  return db.selectFrom('auth_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The account as the API shows it: never the password hash. */
export function toAuthUser(account: AccountRow): AuthUser {
  return {
    id: account.id,
    email: account.email,
    displayName: account.display_name,
    emailVerified: account.email_verified_at !== null,
    createdAt: account.created_at,
  };
}
