/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Lets the pruning job (modules/auth/prune-sign-ins.ts) find expired refresh tokens by index on
 * PostgreSQL, whose table order says nothing about age. SQLite needs no index: its rowids follow
 * insertion, which is expiry order, and an index there would add a written page to every refresh.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema
    .createIndex('auth_refresh_tokens_expiry_idx')
    .on('auth_refresh_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await db.schema.dropIndex('auth_refresh_tokens_expiry_idx').execute();
}
