/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The columns Explore's and Find Collaborators' search boxes match a word anywhere in. */
const SEARCHED = {
  projects: ['title', 'description'],
  users: ['name', 'skills', 'bio'],
} as const;

/** Migration 022's names, kept: the same indexes, now over the lower-cased copies. */
const indexName = (table: string, column: string) => `${table}_${column}_trgm_idx`;

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * On PostgreSQL, each searched text also lower-cased on its row (`<column>_lower`), so a search
 * box's `ilike` is a `like` of that copy (table-api/query/conditions.ts). In a UTF-8 database
 * PostgreSQL runs `x ilike p` as `lower(x) like lower(p)`, lower-casing every row's text again at
 * every search; a common word on a big campus walks a few hundred rows to fill its page, and
 * lower-casing their descriptions was most of that walk's time: at 100,000 rows, 3,600 such
 * searches a second against 10,300 with the rows already lower-cased
 * (docs/decisions/022-performance-second-round.md). The answer is the same by construction,
 * since it is the same `lower`.
 *
 * Generated stored columns, as migration 024's: every write keeps them and none can set them.
 * They are in no table definition, so the table API neither shows nor takes them. Migration
 * 022's trigram indexes move to the copies, under the same names. SQLite's `like` folds case
 * itself, and its trigram tables (migration 023) are unchanged.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    // One statement per table: each `alter table` that adds a stored column rewrites the table.
    const additions = columns.map(
      (column) =>
        sql`add column ${sql.id(`${column}_lower`)} text
          generated always as (lower(${sql.id(column)})) stored`,
    );
    await sql`alter table ${sql.id(table)} ${sql.join(additions)}`.execute(db);
  }
  // As in migration 022, a server without pg_trgm keeps searching by reading the rows; the
  // migrations run in one transaction, so a refusal must undo only this step.
  await sql`savepoint lower_cased_search_indexes`.execute(db);
  try {
    for (const [table, columns] of Object.entries(SEARCHED)) {
      for (const column of columns) {
        const index = indexName(table, column);
        await sql`drop index if exists ${sql.id(index)}`.execute(db);
        await sql`create index ${sql.id(index)} on ${sql.id(table)}
          using gin (${sql.id(`${column}_lower`)} gin_trgm_ops)`.execute(db);
      }
    }
    await sql`release savepoint lower_cased_search_indexes`.execute(db);
  } catch {
    await sql`rollback to savepoint lower_cased_search_indexes`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    // Dropping a column drops its index; migration 022's come back on the texts themselves.
    const drops = columns.map((column) => sql`drop column ${sql.id(`${column}_lower`)}`);
    await sql`alter table ${sql.id(table)} ${sql.join(drops)}`.execute(db);
  }
  await sql`savepoint lower_cased_search_indexes`.execute(db);
  try {
    for (const [table, columns] of Object.entries(SEARCHED)) {
      for (const column of columns) {
        await sql`create index if not exists ${sql.id(indexName(table, column))}
          on ${sql.id(table)} using gin (${sql.id(column)} gin_trgm_ops)`.execute(db);
      }
    }
    await sql`release savepoint lower_cased_search_indexes`.execute(db);
  } catch {
    await sql`rollback to savepoint lower_cased_search_indexes`.execute(db);
  }
}
