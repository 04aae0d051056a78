/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Each student's AI use per UTC day, counted in requests and tokens against the daily budgets
 * (AI_DAILY_REQUESTS, AI_DAILY_TOKENS; modules/ai/usage.ts). Rows go with the account
 * (docs/product.md §10.8: deletion erases everything the account owns); the primary key also
 * serves the cascade's lookup by user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('ai_usage')
    .addColumn('user_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('requests', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_usage_pkey', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('ai_usage').execute();
}
