/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * A student's projects newest first (a profile's open projects, the dashboard's own list) walk
 * this index in order and stop at the page. With only (posted_by_id, status), SQLite preferred
 * projects_status_recent_idx for its order and read every open project to find one student's:
 * a quarter of a second per profile page at 100,000 projects (bench/README.md). The new index
 * leads with the old one's columns, so every query that used it uses this one.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('projects_owner_recent_idx')
    .on('projects')
    .columns(['posted_by_id', 'status', 'created_at desc', 'id desc'])
    .execute();
  await db.schema.dropIndex('projects_owner_idx').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('projects_owner_idx')
    .on('projects')
    .columns(['posted_by_id', 'status'])
    .execute();
  await db.schema.dropIndex('projects_owner_recent_idx').execute();
}
