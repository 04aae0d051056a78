/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The columns Explore's and Find Collaborators' search boxes match a word anywhere in. */
const SEARCHED = [
  { table: 'projects', column: 'title' },
  { table: 'projects', column: 'description' },
  { table: 'users', column: 'name' },
  { table: 'users', column: 'skills' },
  { table: 'users', column: 'bio' },
] as const;

const indexName = ({ table, column }: (typeof SEARCHED)[number]) => `${table}_${column}_trgm_idx`;

/**
 * Trigram indexes for the search boxes on PostgreSQL
 * (docs/decisions/022-performance-second-round.md). `ilike '%word%'` can use no b-tree, so a
 * word few rows contain made PostgreSQL read every project: 0.4 s at 100,000 projects. With
 * pg_trgm's GIN indexes it reads only the rows holding the word's trigrams. A common word still
 * walks the newest-first index and stops at the page, as before; the planner chooses per search,
 * since searches are planned with their words.
 *
 * pg_trgm ships with PostgreSQL and is a trusted extension, but a server may lack it or refuse
 * it; the search then works as before, scanning. SQLite's own come in migration 023.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  // The migrations run in one transaction: a refusal must undo only this step.
  await sql`savepoint search_indexes`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    for (const searched of SEARCHED) {
      const { table, column } = searched;
      await sql`create index if not exists ${sql.id(indexName(searched))} on ${sql.id(table)}
        using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
    }
    await sql`release savepoint search_indexes`.execute(db);
  } catch {
    await sql`rollback to savepoint search_indexes`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const searched of SEARCHED) {
    await sql`drop index if exists ${sql.id(indexName(searched))}`.execute(db);
  }
}
