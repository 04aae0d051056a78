import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runPlan, slotsFor } from '../../src/db/plans';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * On PostgreSQL the app's plans run as named prepared statements, parsed once per connection
 * (db/dialects/postgres-statements.ts); any other SQL stays unnamed.
 */
describe('prepared plans on postgres', () => {
  let database: TestDatabase;
  let db: Kysely<{ pets: { name: string; age: number } }>;

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    db = database.db as unknown as typeof db;
    await sql`create table pets (name text primary key, age integer not null)`.execute(db);
    await sql`insert into pets values ('Rex', 3), ('Tom', 5), ('Ivy', 9)`.execute(db);
  });
  afterAll(() => database.drop());

  const olderThan = (age: number) => {
    const values = [age] as const;
    return runPlan<{ name: string }>(db, 'pets older than', values, () =>
      db.selectFrom('pets').select('name').where('age', '>', slotsFor(values)[0]).orderBy('name'),
    );
  };

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

  it('prepares a plan’s SQL under its name, and answers each run with its own values', async () => {
    expect((await olderThan(4)).map((pet) => pet.name)).toEqual(['Ivy', 'Tom']);
    expect((await olderThan(8)).map((pet) => pet.name)).toEqual(['Ivy']);

    const planSql = db
      .selectFrom('pets')
      .select('name')
      .where('age', '>', 0)
      .orderBy('name')
      .compile().sql;
    const { rows, prepared } = await preparedAfter(planSql, [4]);
    expect(rows.map((pet) => pet.name)).toEqual(['Ivy', 'Tom']);
    expect(prepared).toEqual([{ name: expect.stringMatching(/^plan_\d+$/), statement: planSql }]);
  });

  it('leaves SQL that is not a plan unnamed', async () => {
    const { rows, prepared } = await preparedAfter('select name from pets where age < $1', [4]);
    expect(rows).toEqual([{ name: 'Rex' }]);
    expect(prepared.map((statement) => statement.statement)).not.toContain(
      'select name from pets where age < $1',
    );
  });
});
