/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Find Collaborators' "nearby" is my campus or my city. Its city half walks this index in page
 * order, as the campus half walks users_campus_recent_idx (see modules/table-api/query/candidates.ts);
 * without it, a small city's first page read most of the table.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_city_recent_idx')
    .on('users')
    .columns(['city', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_city_recent_idx').execute();
}
