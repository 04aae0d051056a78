/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Find Collaborators lists a campus newest first, usually with a search. Walking this index in
 * that order stops at the first page of matches; the leaderboard's index (ordered by referrals)
 * made every search read and sort the whole campus.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('users_campus_recent_idx')
    .on('users')
    .columns(['university', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('users_campus_recent_idx').execute();
}
