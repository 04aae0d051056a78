/* eslint-disable @typescript-eslint/no-explicit-any -- migrations must not depend on today's schema type */
import { PostgresAdapter, sql, type Kysely } from 'kysely';

/** The columns Explore's and Find Collaborators' search boxes match a word anywhere in. */
const SEARCHED = {
  projects: ['title', 'description'],
  users: ['name', 'skills', 'bio'],
} as const;

/**
 * Trigram indexes for the search boxes on SQLite, as migration 022 builds them on PostgreSQL
 * (docs/decisions/022-performance-second-round.md). SQLite reads every row for `like '%word%'`,
 * so a word no project holds took about 100 ms at 100,000 projects and held up every other
 * request meanwhile. FTS5's trigram tokenizer indexes every three characters of a text, which
 * answers "which rows contain this word" from the index (db/dialects/sqlite-search.ts decides
 * per search whether to ask it).
 *
 * Each column has an external-content FTS5 table of its own: it keeps the trigrams and reads the
 * text itself from the table, keyed by the table's rowid. One table per column, not per table: a
 * word common in one column (a skill) but rare in another (a name) would otherwise walk every
 * row holding its trigrams in any column to find the few in the one asked for. Triggers keep
 * each in step inside the writing transaction, whichever way the change comes; a delete must
 * hand FTS5 the old text to remove its trigrams. Two things renumber an implicit rowid and so
 * need `rebuild` afterwards: VACUUM, and a later migration that rebuilds `users` or `projects`
 * (which must also create these triggers again). `case_sensitive 0` folds case as `ilike` does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    for (const column of columns) {
      const index = `${table}_${column}_search`;
      await sql
        .raw(
          `create virtual table ${index} using fts5(${column}, content='${table}',
            tokenize='trigram case_sensitive 0')`,
        )
        .execute(db);
      const remove = `insert into ${index} (${index}, rowid, ${column})
        values ('delete', old.rowid, old.${column});`;
      const add = `insert into ${index} (rowid, ${column}) values (new.rowid, new.${column});`;
      const triggers = {
        insert: `after insert on ${table} begin ${add} end`,
        delete: `after delete on ${table} begin ${remove} end`,
        update: `after update of ${column} on ${table} begin ${remove} ${add} end`,
      };
      for (const [event, body] of Object.entries(triggers)) {
        await sql.raw(`create trigger ${index}_${event} ${body}`).execute(db);
      }
      await sql.raw(`insert into ${index} (${index}) values ('rebuild')`).execute(db);
    }
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const [table, columns] of Object.entries(SEARCHED)) {
    for (const column of columns) {
      for (const event of ['insert', 'delete', 'update']) {
        await sql.raw(`drop trigger if exists ${table}_${column}_search_${event}`).execute(db);
      }
      await sql.raw(`drop table if exists ${table}_${column}_search`).execute(db);
    }
  }
}
