/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * When each team member last opened their team space, so the dashboard counts the messages
 * after it (modules/teams/unread.ts) with one indexed range over realtime_messages instead of
 * reading history. Rows go with the account and with the project (docs/product.md §10.8).
 * The primary key serves the project's cascade and each member's lookup; the second index the
 * account's cascade. A student's teams are found through applications_applicant_idx.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('team_reads')
    .addColumn('project_id', 'text', (col) =>
      col.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (col) =>
      col.notNull().references('auth_accounts.id').onDelete('cascade'),
    )
    .addColumn('read_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('team_reads_pkey', ['project_id', 'user_id'])
    .execute();
  await db.schema.createIndex('team_reads_user_idx').on('team_reads').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('team_reads').execute();
}
