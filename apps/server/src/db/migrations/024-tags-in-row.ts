/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * On PostgreSQL, each profile's skills and each project's needed skills also as a `text[]` on
 * the row itself (`skill_tags`), so "Recommended for you" counts the tags a candidate shares
 * with me from the row it already reads (modules/matching/ranking.ts). Looking each of a
 * window's 300 candidates up in migration 018's tag tables took 300 index probes a request,
 * 85% of PostgreSQL's time for it at 100,000 rows (docs/decisions/022-performance-second-round.md).
 *
 * Generated stored columns: every write keeps them, however it comes (the table API, an upsert,
 * the seed, raw SQL), and no write can set them. `campus_tag_set` reads a list through migration
 * 018's `campus_tag_items`, so a row's array holds exactly the tags its tag table holds:
 * lower-cased, trimmed, each once, none for text that is not a JSON array of strings. The
 * columns are in no table definition, so the table API neither shows nor takes them. SQLite
 * keeps joining its tag tables, which cost it little.
 */
const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

const SOURCES = [
  { table: 'users', column: 'skills' },
  { table: 'projects', column: 'skills_needed' },
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    create function campus_tag_set(list text) returns text[]
    language sql immutable as $$
      select coalesce(array_agg(distinct lower(item.label)), '{}')
      from campus_tag_items(list) as item
      where item.label <> ''
    $$`.execute(db);
  for (const { table, column } of SOURCES) {
    await sql`alter table ${sql.id(table)} add column skill_tags text[]
      generated always as (campus_tag_set(${sql.id(column)})) stored`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const { table } of SOURCES) {
    await sql`alter table ${sql.id(table)} drop column skill_tags`.execute(db);
  }
  await sql`drop function campus_tag_set(text)`.execute(db);
}
