/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Safety: blocks, reports and what operators hide (docs/security.md).
 *
 * - blocks: one row per (blocker, blocked). The read policies ask "is there a block between me
 *   and this row's person, either way", so both directions have an index led by the pair.
 *   Both ends cascade: a deleted account leaves no block behind, given or received.
 * - reports: kept for operators whoever leaves. The reporter's and the reported person's account
 *   ids become null when that account is deleted, so a report outlives them without naming them.
 *   One report per reporter and target (nulls are distinct, so anonymised rows never collide).
 * - hidden_at on projects and users: set only by the operator API; the read policies show a
 *   hidden row to its owner alone.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('blocks')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('blocker_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('blocked_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('blocked_name', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('blocks_blocker_blocked_key', ['blocker_id', 'blocked_id'])
    .execute();
  // The unique constraint serves "I blocked them"; this one "they blocked me" and the cascade.
  await db.schema
    .createIndex('blocks_blocked_blocker_idx')
    .on('blocks')
    .columns(['blocked_id', 'blocker_id'])
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('reporter_id', 'text', (col) =>
      col.references('auth_accounts.id').onDelete('set null'),
    )
    .addColumn('target_kind', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addColumn('target_owner_id', 'text', (col) =>
      col.references('auth_accounts.id').onDelete('set null'),
    )
    .addColumn('reason', 'text', (col) => col.notNull())
    .addColumn('details', 'text')
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_note', 'text')
    .addUniqueConstraint('reports_reporter_target_key', ['reporter_id', 'target_kind', 'target_id'])
    .execute();
  // The operators' list: by status, newest first, ids breaking ties.
  await db.schema
    .createIndex('reports_status_recent_idx')
    .on('reports')
    .columns(['status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('reports_recent_idx')
    .on('reports')
    .columns(['created_at desc', 'id desc'])
    .execute();
  // The set-null cascade of a deleted reported account looks rows up by it.
  await db.schema
    .createIndex('reports_target_owner_idx')
    .on('reports')
    .column('target_owner_id')
    .execute();

  await db.schema.alterTable('projects').addColumn('hidden_at', 'text').execute();
  await db.schema.alterTable('users').addColumn('hidden_at', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('hidden_at').execute();
  await db.schema.alterTable('projects').dropColumn('hidden_at').execute();
  await db.schema.dropTable('reports').execute();
  await db.schema.dropTable('blocks').execute();
}
