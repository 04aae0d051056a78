/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Analytics events (docs/product.md §7.7, POST /api/analytics/{project}/log). Events of a signed-in
 * student name the account and go with it when the account is deleted (docs/product.md §10.8:
 * deletion erases everything the account owns); anonymous events have no user_id.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('session_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.references('auth_accounts.id').onDelete('cascade'))
    .addColumn('properties', 'text', (col) => col.notNull().defaultTo('{}'))
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();
  // Reports: how often an event happened over a period.
  await db.schema
    .createIndex('analytics_events_name_idx')
    .on('analytics_events')
    .columns(['name', 'occurred_at'])
    .execute();
  // Funnels: everything one visitor's session did, in order.
  await db.schema
    .createIndex('analytics_events_session_idx')
    .on('analytics_events')
    .columns(['session_id'])
    .execute();
  // The account-deletion cascade finds a student's events without a full scan.
  await db.schema
    .createIndex('analytics_events_user_idx')
    .on('analytics_events')
    .columns(['user_id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analytics_events').execute();
}
