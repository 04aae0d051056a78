import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePostgrestRequest, requestShape, shapeKey } from '../../lib/postgrest';
import { openSqlite } from '../dialects/sqlite';
import type { Database } from '../schema';
import { CompiledQueries } from './compiled-queries';
import { defineQuery } from './define-query';
import { placeholder } from './placeholders';

// The pets table is this test's own, outside the app's schema.
type Pets = { pets: { name: string; kind: string; age: number } };
const pets = (db: Kysely<Database>) => db as unknown as Kysely<Pets>;

let builds = 0;
const olderDogsQuery = defineQuery((db, [older]: [number]) => {
  builds += 1;
  return pets(db)
    .selectFrom('pets')
    .select('name')
    .where('kind', '=', 'dog')
    .where('age', '>', older)
    .orderBy('name');
});

const byKind = (db: Kysely<Database>, [kind]: [string]) =>
  pets(db).selectFrom('pets').select('name').where('kind', '=', kind);

const addCatQuery = defineQuery((db, [name]: [string]) =>
  pets(db)
    .insertInto('pets')
    .values({ name, kind: 'cat', age: 1 })
    .onConflict((conflict) => conflict.doNothing()),
);

const everyPetQuery = defineQuery((db) =>
  pets(db).selectFrom('pets').select('name').orderBy('name'),
);

describe('compiled queries', () => {
  const database = openSqlite(':memory:');
  const { compiledQueries } = database;
  const db = pets(database.db);

  beforeAll(async () => {
    await sql`create table pets (name text primary key, kind text, age integer)`.execute(db);
    await sql`insert into pets values ('Rex', 'dog', 3), ('Tom', 'cat', 5), ('Ivy', 'dog', 9)`.execute(
      db,
    );
  });
  afterAll(() => database.close());

  it('builds a query once and runs it with each call’s values and its own constants', async () => {
    const names = async (age: number) =>
      (await compiledQueries.rows(olderDogsQuery, [age])).map((row) => row.name);
    expect(await names(1)).toEqual(['Ivy', 'Rex']);
    expect(await names(5)).toEqual(['Ivy']);
    expect(await names(10)).toEqual([]);
    expect(builds).toBe(1);
  });

  it('keeps each definition apart, even one built the same way', async () => {
    const cats = defineQuery(byKind);
    const dogs = defineQuery(byKind);
    expect(await compiledQueries.rows(cats, ['cat'])).toEqual([{ name: 'Tom' }]);
    expect(await compiledQueries.rows(dogs, ['dog'])).toEqual([{ name: 'Rex' }, { name: 'Ivy' }]);
  });

  it('keeps a shaped query by its shape key', async () => {
    const shape = shapeKey(requestShape(parsePostgrestRequest('kind=eq.x', {})), {
      test: 'pets by kind',
    });
    let shapedBuilds = 0;
    const byShape = () => ({
      shape,
      build: () => {
        shapedBuilds += 1;
        return db.selectFrom('pets').select('name').where('kind', '=', placeholder<string>(0));
      },
    });
    expect(await compiledQueries.rows(byShape(), ['cat'])).toEqual([{ name: 'Tom' }]);
    expect(await compiledQueries.rows(byShape(), ['dog'])).toHaveLength(2);
    expect(shapedBuilds).toBe(1);
  });

  it('keeps queries that hold search words apart, so searches never push out shapes', async () => {
    let builds = 0;
    const shape = shapeKey(requestShape(parsePostgrestRequest('kind=eq.x', {})), {
      test: 'pets by kind, kept among shapes',
    });
    const byShape = {
      shape,
      build: () => {
        builds += 1;
        return db.selectFrom('pets').select('name').where('kind', '=', placeholder<string>(0));
      },
    };
    const searchFor = (word: string) => ({
      shape: shapeKey(requestShape(parsePostgrestRequest('name=ilike.x', {})), { word }),
      holdsWords: true,
      build: () =>
        db
          .selectFrom('pets')
          .select('name')
          .where('name', 'like', sql.lit(`%${word}%`)),
    });
    await compiledQueries.rows(byShape, ['cat']);
    const searched = searchFor('e');
    expect(await compiledQueries.rows(searched, [])).toEqual([{ name: 'Rex' }]);
    const text = searched.build().compile().sql;
    expect(compiledQueries.statementName(text)).toMatch(/^searched_\d+$/);
    // Far more searches than the queries kept of either kind.
    for (let i = 0; i < 1_000; i++) await compiledQueries.rows(searchFor(`word ${i}`), []);
    await compiledQueries.rows(byShape, ['dog']);
    expect(builds).toBe(1);
    expect(compiledQueries.statementName(text)).toBeUndefined();
  });

  it('reports how many rows a write changed', async () => {
    expect((await compiledQueries.run(addCatQuery, ['Kit'])).numAffectedRows).toBe(1n);
    expect((await compiledQueries.run(addCatQuery, ['Kit'])).numAffectedRows).toBe(0n);
    const grouped = await compiledQueries.runInCommitGroup(addCatQuery, ['Max']);
    expect(grouped.numAffectedRows).toBe(1n);
  });

  it('names each kept SQL text, once for queries that share it, and nothing else', async () => {
    const build = (db: Kysely<Database>) =>
      pets(db).selectFrom('pets').select('age').where('name', '=', 'Rex');
    await compiledQueries.rows(defineQuery(build), []);
    await compiledQueries.rows(defineQuery(build), []);
    const text = build(database.db).compile().sql;
    expect(compiledQueries.statementName(text)).toMatch(/^compiled_\d+$/);
    expect(compiledQueries.statementName('select 1')).toBeUndefined();
    const other = openSqlite(':memory:');
    expect(other.compiledQueries.statementName(text)).toBeUndefined();
    await other.close();
  });

  it('never runs inside another request’s transaction', async () => {
    const names = () =>
      compiledQueries.rows(everyPetQuery, []).then((rows) => rows.map((row) => row.name));
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
    // The query waited for the transaction to end, so it never saw the row rolled back.
    expect(await during).toEqual(before);
    expect(before).not.toContain('Zed');
  });

  it('runs reads on the generic-plan connections and writes on the main ones', async () => {
    // Two databases told apart by their rows stand for PostgreSQL's two pools.
    const main = openSqlite(':memory:');
    const reads = openSqlite(':memory:');
    for (const [handle, name] of [
      [main, 'Main'],
      [reads, 'Reads'],
    ] as const) {
      await sql`create table pets (name text primary key, kind text, age integer)`.execute(
        handle.db,
      );
      await sql`insert into pets values (${name}, 'dog', 1)`.execute(handle.db);
    }
    const queries = new CompiledQueries({ db: main.db, genericReads: reads.db });
    const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();
    try {
      expect(names(await queries.rows(everyPetQuery, []))).toEqual(['Reads']);
      await queries.run(addCatQuery, ['Kit']);
      const shape = shapeKey(requestShape(parsePostgrestRequest('kind=eq.x', {})), {
        test: 'pets read by shape',
      });
      const shaped = { shape, build: () => pets(main.db).selectFrom('pets').select('name') };
      expect(names(await queries.rows(shaped, []))).toEqual(['Reads']);
      expect(names(await queries.rows({ ...shaped, holdsWords: true }, []))).toEqual(['Reads']);
      const written = await pets(main.db).selectFrom('pets').select('name').execute();
      expect(names(written)).toEqual(['Kit', 'Main']);
    } finally {
      await main.close();
      await reads.close();
    }
  });
});
