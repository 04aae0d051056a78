/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * A sign-in (`auth_sessions`) and the chain of refresh tokens it has issued
 * (`auth_refresh_tokens`, one row per generation), instead of one session row per token.
 *
 * A refresh token now names its own row (`<session id>.<generation>.<secret>`), so no index on
 * token hashes is needed, and a rotation is one insert next to its predecessor: the primary key
 * on (session, generation) is both the lookup and the lock. Before, a rotation updated one row
 * and inserted another into five B-trees at random places, and the WAL checkpoints that copied
 * those scattered pages back were most of a refresh's cost.
 *
 * Tokens issued before this migration have no row to name, so everyone signs in once more.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_sessions').execute();
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('auth_sessions_account_idx')
    .on('auth_sessions')
    .column('account_id')
    .execute();
  await db.schema
    .createTable('auth_refresh_tokens')
    .addColumn('session_id', 'text', (col) =>
      col.notNull().references('auth_sessions.id').onDelete('cascade'),
    )
    .addColumn('generation', 'integer', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('auth_refresh_tokens_pkey', ['session_id', 'generation'])
    .execute();
}

/** Back to one row per token (001's shape); every sign-in ends again. */
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('auth_refresh_tokens').execute();
  await db.schema.dropTable('auth_sessions').execute();
  await db.schema
    .createTable('auth_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('account_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('family_id', 'text', (col) => col.notNull())
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('rotated_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createIndex('auth_sessions_family_idx')
    .on('auth_sessions')
    .column('family_id')
    .execute();
  await db.schema
    .createIndex('auth_sessions_account_idx')
    .on('auth_sessions')
    .column('account_id')
    .execute();
}
