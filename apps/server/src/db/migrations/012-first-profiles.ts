/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { sql, type Kysely } from 'kysely';

/**
 * What an account's first profile settled, kept apart from the profile so that deleting and
 * creating the profile again cannot undo it: the university (fixed, like the column) and the
 * referral code it credited. One row per account, gone only with the account. Its primary key
 * is also the lock that lets exactly one profile creation credit a referrer
 * (modules/table-api/tables/users.ts).
 *
 * Profiles that exist already have credited their referrer, so they are copied in.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('first_profiles')
    .addColumn('account_id', 'text', (col) =>
      col.primaryKey().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('university', 'text', (col) => col.notNull())
    .addColumn('referred_by', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await sql`insert into first_profiles (account_id, university, referred_by, created_at)
    select user_id, university, referred_by, created_at from users`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('first_profiles').execute();
}
