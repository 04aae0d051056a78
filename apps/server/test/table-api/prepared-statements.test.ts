import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineQuery } from '../../src/db/compiled-queries/define-query';
import type { Database } from '../../src/db/schema';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

// The pets table is this test's own, outside the app's schema.
type Pets = { pets: { name: string; age: number } };
const pets = (db: Kysely<Database>) => db as unknown as Kysely<Pets>;

const olderThanQuery = defineQuery((db, [age]: [number]) =>
  pets(db).selectFrom('pets').select('name').where('age', '>', age).orderBy('name'),
);

const youngerThanQuery = defineQuery((db, [age]: [number]) =>
  pets(db).selectFrom('pets').select('name').where('age', '<', age).orderBy('name'),
);

/**
 * On PostgreSQL the compiled queries run as named prepared statements, parsed once per
 * connection (db/dialects/postgres-statements.ts); any other SQL stays unnamed.
 */
describe('prepared statements on postgres', () => {
  let database: TestDatabase;
  let db: Kysely<Pets>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = pets(database.db);
    await sql`create table pets (name text primary key, age integer not null)`.execute(db);
    await sql`insert into pets values ('Rex', 3), ('Tom', 5), ('Ivy', 9)`.execute(db);
  });
  afterAll(() => database.drop());

  const olderThan = (age: number) => database.compiledQueries.rows(olderThanQuery, [age]);

  /** The statements prepared on one connection, after it ran `text` with `values`. */
  const preparedAfter = (text: string, values: unknown[]) =>
    db.connection().execute(async (connection) => {
      const { rows } = await connection.executeQuery<{ name: string }>(
        CompiledQuery.raw(text, values),
      );
      const prepared = await sql<{
        name: string;
        statement: string;
      }>`select name, statement from pg_prepared_statements`.execute(connection);
      return { rows, prepared: prepared.rows };
    });

  it('prepares a compiled query’s SQL under its name, and answers each run with its own values', async () => {
    expect((await olderThan(4)).map((pet) => pet.name)).toEqual(['Ivy', 'Tom']);
    expect((await olderThan(8)).map((pet) => pet.name)).toEqual(['Ivy']);

    const compiledSql = db
      .selectFrom('pets')
      .select('name')
      .where('age', '>', 0)
      .orderBy('name')
      .compile().sql;
    const { rows, prepared } = await preparedAfter(compiledSql, [4]);
    expect(rows.map((pet) => pet.name)).toEqual(['Ivy', 'Tom']);
    expect(prepared).toEqual([
      { name: expect.stringMatching(/^compiled_\d+$/), statement: compiledSql },
    ]);
  });

  it('leaves SQL that is not a compiled query unnamed', async () => {
    const { rows, prepared } = await preparedAfter('select name from pets where age < $1', [4]);
    expect(rows).toEqual([{ name: 'Rex' }]);
    expect(prepared.map((statement) => statement.statement)).not.toContain(
      'select name from pets where age < $1',
    );
  });

  it('prepares a compiled query run inside a transaction on the transaction’s connection', async () => {
    const { rows, prepared } = await database.db.transaction().execute(async (trx) => {
      const found = await database.compiledQueries.rowsIn(trx, youngerThanQuery, [4]);
      const statements = await sql<{
        statement: string;
      }>`select statement from pg_prepared_statements`.execute(trx);
      return { rows: found, prepared: statements.rows.map((row) => row.statement) };
    });
    expect(rows.map((pet) => pet.name)).toEqual(['Rex']);
    expect(prepared.some((statement) => /"age" < \$1/.test(statement))).toBe(true);
  });
});
