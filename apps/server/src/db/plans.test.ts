import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from './dialects/sqlite';
import { executePlan, planStatementName, runPlan, slotsFor } from './plans';

describe('plans', () => {
  const database = openSqlite(':memory:');
  // The pets table is this test's own, outside the app's schema.
  const db = database.db as unknown as Kysely<{
    pets: { name: string; kind: string; age: number };
  }>;

  beforeAll(async () => {
    await sql`create table pets (name text primary key, kind text, age integer)`.execute(db);
    await sql`insert into pets values ('Rex', 'dog', 3), ('Tom', 'cat', 5), ('Ivy', 'dog', 9)`.execute(
      db,
    );
  });
  afterAll(() => database.close());

  it('builds a key once and runs it with each request’s values and its own constants', async () => {
    let builds = 0;
    const run = async (age: number) => {
      const values = [age] as const;
      const rows = await runPlan<{ name: string }>(db, 'older dogs', values, () => {
        builds += 1;
        const [older] = slotsFor(values);
        return db
          .selectFrom('pets')
          .select('name')
          .where('kind', '=', 'dog')
          .where('age', '>', older)
          .orderBy('name');
      });
      return rows.map((row) => row.name);
    };
    expect(await run(1)).toEqual(['Ivy', 'Rex']);
    expect(await run(5)).toEqual(['Ivy']);
    expect(await run(10)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('keeps plans apart by key', async () => {
    const values = ['cat'] as const;
    const rows = await runPlan<{ name: string }>(db, 'by kind', values, () =>
      db.selectFrom('pets').select('name').where('kind', '=', slotsFor(values)[0]),
    );
    expect(rows).toEqual([{ name: 'Tom' }]);
  });

  it('reports how many rows a write changed', async () => {
    const insert = (name: string) => {
      const values = [name] as const;
      return executePlan(db, 'add a cat', values, () =>
        db
          .insertInto('pets')
          .values({ name: slotsFor(values)[0], kind: 'cat', age: 1 })
          .onConflict((conflict) => conflict.doNothing()),
      );
    };
    expect((await insert('Kit')).numAffectedRows).toBe(1n);
    expect((await insert('Kit')).numAffectedRows).toBe(0n);
  });

  it('names each plan’s SQL, once for plans that share it, and nothing else', async () => {
    const build = () => db.selectFrom('pets').select('age').where('name', '=', 'Rex');
    await runPlan(db, 'age of Rex', [], build);
    await runPlan(db, 'age of Rex, again', [], build);
    const text = build().compile().sql;
    expect(planStatementName(db, text)).toMatch(/^plan_\d+$/);
    expect(planStatementName(db, 'select 1')).toBeUndefined();
    expect(planStatementName({}, text)).toBeUndefined();
  });

  it('never runs inside another request’s transaction', async () => {
    const names = () =>
      runPlan<{ name: string }>(db, 'every pet', [], () =>
        db.selectFrom('pets').select('name').orderBy('name'),
      ).then((rows) => rows.map((row) => row.name));
    const before = await names();
    let during: Promise<string[]> | null = null;
    const rolledBack = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('pets').values({ name: 'Zed', kind: 'cat', age: 2 }).execute();
        during = names();
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    expect(await rolledBack).toBe('roll back');
    // The plan waited for the transaction to end, so it never saw the row rolled back.
    expect(await during).toEqual(before);
    expect(before).not.toContain('Zed');
  });
});
