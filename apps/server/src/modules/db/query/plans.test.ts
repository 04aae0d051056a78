import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../../db/dialects/sqlite';
import { dynamicDb } from '../table-request';
import { Bindings } from './bindings';
import { runPlan } from './plans';

describe('runPlan', () => {
  const database = openSqlite(':memory:');
  const db = dynamicDb(database);

  beforeAll(async () => {
    await sql`create table pets (name text, kind text, age integer)`.execute(db);
    await sql`insert into pets values ('Rex', 'dog', 3), ('Tom', 'cat', 5), ('Ivy', 'dog', 9)`.execute(
      db,
    );
  });
  afterAll(() => database.close());

  const olderDogs = (bindings: Bindings, age: number) => {
    const older = bindings.bind(age);
    return () =>
      db
        .selectFrom('pets')
        .select('name')
        .where('kind', '=', 'dog')
        .where('age', '>', older)
        .orderBy('name');
  };

  it('builds a key once and runs it with each request’s values and its own constants', async () => {
    let builds = 0;
    const run = async (age: number) => {
      const bindings = new Bindings(false);
      const build = olderDogs(bindings, age);
      const rows = await runPlan<{ name: string }>(db, 'older dogs', bindings.values, () => {
        builds += 1;
        return build();
      });
      return rows.map((row) => row.name);
    };
    expect(await run(1)).toEqual(['Ivy', 'Rex']);
    expect(await run(5)).toEqual(['Ivy']);
    expect(await run(10)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('keeps plans apart by key', async () => {
    const bindings = new Bindings(false);
    const kind = bindings.bind('cat');
    const rows = await runPlan<{ name: string }>(db, 'by kind', bindings.values, () =>
      db.selectFrom('pets').select('name').where('kind', '=', kind),
    );
    expect(rows).toEqual([{ name: 'Tom' }]);
  });

  it('hands the builder the values themselves when binding directly', () => {
    const bindings = new Bindings(true);
    expect(bindings.bind('dog')).toBe('dog');
    expect(bindings.values).toEqual(['dog']);
  });
});
