import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeholder } from '../../src/db/compiled-queries/placeholders';
import { openPostgres } from '../../src/db/dialects/postgres';
import { SEARCH_STATEMENTS_PER_CONNECTION } from '../../src/db/dialects/postgres-statements';
import type { DatabaseHandle } from '../../src/db/dialects/types';
import type { ShapeKey } from '../../src/lib/postgrest';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../helpers/test-database';

/**
 * On PostgreSQL a search's words are written into its SQL, so each search asked is a statement
 * of its own (dialects/postgres-statements.ts). A connection keeps the latest few prepared and
 * deallocates the rest, and a search dropped that comes back is prepared again.
 */
describe('search statements on one PostgreSQL connection', () => {
  let empty: EmptyPostgresDatabase;
  let database: DatabaseHandle;

  beforeAll(async () => {
    empty = await createEmptyPostgresDatabase();
    // One connection per pool, so every search below runs on the same one.
    database = openPostgres(empty.url, { poolSize: 1 });
  });
  afterAll(async () => {
    await database.close();
    await empty.drop();
  });

  /** A search for `word` in `text`, as a read whose SQL holds the word: whether it matched. */
  const search = async (word: string, text = `a ${word} z`) => {
    // `\`, `%` and `_` escaped, as a search box's text is (modules/matching/scope.ts).
    const pattern = database.valueInSql!(`%${word.replace(/[\\%_]/g, '\\$&')}%`);
    const rows = await database.compiledQueries.rows(
      {
        shape: `search ${JSON.stringify(word)}` as ShapeKey,
        holdsWords: true,
        build: () =>
          database.db.selectNoFrom(
            sql<boolean>`${placeholder<string>(0)} ilike ${pattern}`.as('found'),
          ),
      },
      [text],
    );
    return rows[0]?.found;
  };

  /** The searches the connection holds prepared, counted by a search of its own. */
  const preparedSearches = async () => {
    const rows = await database.compiledQueries.rows(
      {
        shape: 'prepared searches' as ShapeKey,
        holdsWords: true,
        build: () =>
          database.db.selectNoFrom(
            sql<number>`(select count(*)::int from pg_prepared_statements where name like 'searched_%')`.as(
              'count',
            ),
          ),
      },
      [],
    );
    return rows[0]?.count;
  };

  it('keeps the latest few searches prepared and prepares a dropped one again', async () => {
    const words = Array.from({ length: SEARCH_STATEMENTS_PER_CONNECTION * 3 }, (_, i) => `w${i}`);
    for (const word of words) expect(await search(word)).toBe(true);
    expect(await preparedSearches()).toBe(SEARCH_STATEMENTS_PER_CONNECTION);
    // The first words were dropped long ago; asked again, each is prepared afresh.
    for (const word of words.slice(0, 5)) expect(await search(word)).toBe(true);
    for (const word of words) expect(await search(word)).toBe(true);
    expect(await preparedSearches()).toBe(SEARCH_STATEMENTS_PER_CONNECTION);
  });

  it('writes any text as a literal that means that text', async () => {
    await sql`create table kept (id integer)`.execute(database.db);
    const words = ["O'Brien", "''", "\\'", '\\', "'; drop table kept; --", "E'x\\'", '$$', '%_'];
    for (const word of words) expect(await search(word)).toBe(true);
    expect(await search("O'Brien", 'a OBrien z')).toBe(false);
    expect(await search("\\'", "a ' z")).toBe(false);
    const kept = await sql<{ name: string }>`select to_regclass('kept')::text as name`.execute(
      database.db,
    );
    expect(kept.rows[0]?.name).toBe('kept');
  });
});
