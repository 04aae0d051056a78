import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQuery } from '../../src/db/compiled-queries/define-query';
import { openPostgres } from '../../src/db/dialects/postgres';
import type { DatabaseHandle } from '../../src/db/dialects/types';
import type { Database } from '../../src/db/schema';
import type { ShapeKey } from '../../src/lib/postgrest';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../helpers/test-database';

/**
 * Where PostgreSQL plans each kind of compiled query (dialects/postgres.ts): table reads, searches
 * with their words in the SQL and fixed selects named as statements on connections that always
 * take the generic plan; writes and every other query on connections that choose as PostgreSQL
 * does by default.
 */
describe('compiled queries on PostgreSQL', () => {
  let empty: EmptyPostgresDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    database = openPostgres(empty.url);
  });
  afterAll(async () => {
    await database.close();
    await empty.drop();
  });

  const modeQuery = (db: Kysely<Database>) =>
    db.selectNoFrom(sql<string>`current_setting('plan_cache_mode')`.as('mode'));
  const shaped = (name: string, holdsWords: boolean) => ({
    shape: name as unknown as ShapeKey,
    build: () => modeQuery(database.db),
    holdsWords,
  });
  const fixedQuery = defineQuery((db) => modeQuery(db));
  // The test's own table, outside the app's schema.
  type Marks = { marks: { id: number } };
  const fixedWrite = defineQuery((db, [id]: [number]) =>
    (db as unknown as Kysely<Marks>)
      .insertInto('marks')
      .values({ id })
      .returning(sql<string>`current_setting('plan_cache_mode')`.as('mode')),
  );

  it('runs table reads and searches on generic plans, and other queries as PostgreSQL chooses', async () => {
    const { compiledQueries } = database;
    // Several at once, so more than one connection of each pool answers.
    const reads = await Promise.all(
      Array.from({ length: 6 }, () => compiledQueries.rows(shaped('read', false), [])),
    );
    const searches = await Promise.all(
      Array.from({ length: 6 }, () => compiledQueries.rows(shaped('search', true), [])),
    );
    const fixed = await compiledQueries.rows(fixedQuery, []);
    await sql`create table marks (id integer)`.execute(database.db);
    const written = await compiledQueries.rows(fixedWrite, [1]);
    expect(reads.flat().map((row) => row.mode)).toEqual(Array(6).fill('force_generic_plan'));
    expect(searches.flat().map((row) => row.mode)).toEqual(Array(6).fill('force_generic_plan'));
    expect(fixed.map((row) => row.mode)).toEqual(['force_generic_plan']);
    expect(written.map((row) => row.mode)).toEqual(['auto']);
    expect(await modeQuery(database.db).execute()).toEqual([{ mode: 'auto' }]);
  });
});
