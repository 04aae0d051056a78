import SqliteDatabase from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { withStatementCache } from './statement-cache';

describe('withStatementCache', () => {
  const connection = new SqliteDatabase(':memory:');
  connection.exec(`create table notes (id integer primary key, body text, data blob, score real)`);
  connection.exec(`insert into notes values (1, 'one', x'0102', 1.5), (2, null, null, null)`);
  const database = withStatementCache(connection);
  afterAll(() => connection.close());

  const query = `select id, body, data, score, body as id from notes order by rowid`;

  it('reads the same rows as better-sqlite3 itself, a later duplicate name winning', () => {
    const own = connection.prepare(query).all([]);
    const rows = database.prepare(query).all([]);
    expect(rows).toEqual(own);
    expect(rows).toEqual([
      { id: 'one', body: 'one', data: Buffer.from([1, 2]), score: 1.5 },
      { id: null, body: null, data: null, score: null },
    ]);
  });

  it('streams the same rows', () => {
    expect([...database.prepare(query).iterate([])]).toEqual(database.prepare(query).all([]));
  });

  it('reuses one statement per SQL text, and still writes', () => {
    const insert = `insert into notes (body) values (?) returning id, body`;
    expect(database.prepare(insert)).toBe(database.prepare(insert));
    expect(database.prepare(insert).all(['three'])).toEqual([{ id: 3, body: 'three' }]);
    const update = database.prepare(`update notes set score = ? where id = ?`);
    expect(update.reader).toBe(false);
    expect(update.run([2, 3])).toMatchObject({ changes: 1 });
    expect(database.prepare(`select score from notes where id = 3`).all([])).toEqual([
      { score: 2 },
    ]);
  });
});
