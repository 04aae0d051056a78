import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { groupCommits } from './sqlite-group-commit';

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

describe('SQLite group commit', () => {
  let dir: string;
  let file: string;
  let connection: SqliteDatabase.Database;
  let handedOver: string[];

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-group-commit-'));
    file = path.join(dir, 'test.sqlite');
    connection = new SqliteDatabase(file);
    connection.pragma('journal_mode = WAL');
    connection.pragma('foreign_keys = ON');
    // The log keeps every commit, so the test can count them.
    connection.pragma('wal_autocheckpoint = 0');
    connection.exec(`
      create table lists (id integer primary key);
      create table notes (
        id integer primary key,
        list_id integer references lists (id) deferrable initially deferred,
        body text not null unique
      );
      insert into lists (id) values (1);
    `);
    handedOver = [];
  });
  afterEach(() => {
    connection.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const group = () =>
    groupCommits(
      connection,
      (sql, parameters) => {
        const { changes, lastInsertRowid } = connection.prepare(sql).run(parameters);
        return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
      },
      // As Kysely's driver would: the write waits for the connection's transaction to end.
      async (sql, parameters) => {
        handedOver.push(String(parameters[0]));
        while (connection.inTransaction) await new Promise((resolve) => setImmediate(resolve));
        const { changes } = connection.prepare(sql).run(parameters);
        return { rows: [], numAffectedRows: BigInt(changes) };
      },
    );
  const insert = 'insert into notes (body, list_id) values (?, ?)';
  const insertOnce = `${insert} on conflict do nothing`;
  const bodies = () =>
    connection.prepare('select body from notes order by id').pluck().all() as string[];
  /** Transactions committed to the log: frames that end one carry the database's size. */
  const commits = () => {
    const log = readFileSync(`${file}-wal`);
    const frame = FRAME_HEADER + log.readUInt32BE(8);
    let count = 0;
    for (let offset = WAL_HEADER; offset + frame <= log.length; offset += frame) {
      if (log.readUInt32BE(offset + 4) > 0) count += 1;
    }
    return count;
  };

  it('commits the writes of one turn of the event loop together, each with its answer', async () => {
    const write = group();
    const before = commits();
    const answers = await Promise.all([
      write(insertOnce, ['a', 1]),
      write(insertOnce, ['b', 1]),
      write(insertOnce, ['a', 1]),
    ]);
    expect(answers.map((answer) => answer.numAffectedRows)).toEqual([1n, 1n, 0n]);
    expect(commits()).toBe(before + 1);

    await write(insertOnce, ['c', 1]);
    expect(commits()).toBe(before + 2);
    expect(bodies()).toEqual(['a', 'b', 'c']);
  });

  it('undoes a failing write alone', async () => {
    const write = group();
    const answers = await Promise.allSettled([
      write(insert, ['a', 1]),
      write(insert, ['a', 1]),
      write(insert, ['b', 1]),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((answers[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_UNIQUE',
    });
    expect(bodies()).toEqual(['a', 'b']);
  });

  it('fails every write of a group whose commit fails', async () => {
    const write = group();
    // A deferred foreign key is checked at the commit.
    const answers = await Promise.allSettled([write(insert, ['a', 1]), write(insert, ['b', 2])]);
    expect(answers.map((answer) => answer.status)).toEqual(['rejected', 'rejected']);
    expect((answers[0] as PromiseRejectedResult).reason).toMatchObject({
      code: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    });
    expect(bodies()).toEqual([]);
    expect(connection.inTransaction).toBe(false);
  });

  it('leaves another transaction out of its group', async () => {
    const write = group();
    connection.exec('begin');
    connection.prepare(insert).run('theirs', 1);
    const mine = write(insert, ['mine', 1]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(handedOver).toEqual(['mine']);
    connection.exec('rollback');
    await mine;
    expect(bodies()).toEqual(['mine']);
  });
});
