/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/** Indexes for table-API queries found by the query-plan tests. */
export async function up(db: Kysely<any>): Promise<void> {
  // A project owner's list of applications, newest first.
  await db.schema
    .createIndex('applications_project_recent_idx')
    .on('applications')
    .columns(['project_id', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('applications_project_recent_idx').execute();
}
