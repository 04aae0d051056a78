/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import type { Kysely } from 'kysely';

/**
 * Explore's university filter (docs/product.md §2.9: My University, nearby = same city, all)
 * needs each project's campus; the server copies it from the poster's profile on insert.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('projects').addColumn('university', 'text').execute();
  await db.schema.alterTable('projects').addColumn('city', 'text').execute();
  await db.schema
    .createIndex('projects_university_recent_idx')
    .on('projects')
    .columns(['status', 'university', 'created_at desc', 'id desc'])
    .execute();
  await db.schema
    .createIndex('projects_city_recent_idx')
    .on('projects')
    .columns(['status', 'city', 'created_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('projects_city_recent_idx').execute();
  await db.schema.dropIndex('projects_university_recent_idx').execute();
  await db.schema.alterTable('projects').dropColumn('city').execute();
  await db.schema.alterTable('projects').dropColumn('university').execute();
}
