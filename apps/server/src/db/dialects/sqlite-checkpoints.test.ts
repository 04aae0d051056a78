import { execFile } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readlinkSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from './sqlite';
import { CHECKPOINT_INTERVAL_MS } from './sqlite-checkpoints';

const PAGE = 4096;
/** More log than SQLite's own checkpoint lets pile up (1,000 pages). */
const ROWS = 1500;

describe('SQLite checkpoints', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const newDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-checkpoints-'));
    dirs.push(dir);
    return dir;
  };
  const open = () => {
    const file = path.join(newDir(), 'test.sqlite');
    const database = openSqlite(file);
    return { database, file, db: database.db as unknown as Kysely<{ notes: { body: string } }> };
  };

  it('moves the log into the database off the thread that commits', async () => {
    const { database, file, db } = open();
    await sql`create table notes (body text not null)`.execute(db);
    for (let row = 0; row < ROWS; row++) {
      await db
        .insertInto('notes')
        .values({ body: 'x'.repeat(PAGE) })
        .execute();
    }
    // No commit checkpointed: every page written is still in the log alone.
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(ROWS * PAGE);
    expect(statSync(file).size).toBeLessThan(ROWS * PAGE);

    const deadline = Date.now() + CHECKPOINT_INTERVAL_MS * 5;
    while (statSync(file).size < ROWS * PAGE && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(statSync(file).size).toBeGreaterThan(ROWS * PAGE);
    const counted = await sql<{ rows: number }>`select count(*) as rows from notes`.execute(db);
    expect(counted.rows[0]?.rows).toBe(ROWS);

    // Closing stops the worker's connection too, so the last one out removes the log.
    await database.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('starts the log over while writes never pause', async () => {
    const { database, file, db } = open();
    await sql`create table notes (body text not null)`.execute(db);
    // The log's header counts its restarts (https://sqlite.org/fileformat.html#walformat).
    const restarts = () => {
      const header = Buffer.alloc(16);
      const handle = openSync(`${file}-wal`, 'r');
      readSync(handle, header, 0, 16, 0);
      closeSync(handle);
      return header.readUInt32BE(12);
    };
    const before = restarts();
    const deadline = Date.now() + CHECKPOINT_INTERVAL_MS * 6;
    while (restarts() === before && Date.now() < deadline) {
      await db
        .insertInto('notes')
        .values({ body: 'x'.repeat(1000) })
        .execute();
      // Between two writes, as between two requests, the worker's messages may be handled.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(restarts()).toBeGreaterThan(before);
    await database.close();
  });

  it('opens the worker and its connection only once the log grows', async () => {
    const first = open();
    await sql`create table notes (body text not null)`.execute(first.db);
    await first.database.close();
    // Each connection holds the database file open: the server's own, then the worker's.
    const connections = () =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`) === first.file;
        } catch {
          return false; // closed since it was listed
        }
      }).length;
    const waitFor = async (count: number, intervals: number) => {
      const deadline = Date.now() + CHECKPOINT_INTERVAL_MS * intervals;
      while (connections() !== count && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return connections();
    };

    const database = openSqlite(first.file);
    const db = database.db as unknown as Kysely<{ notes: { body: string } }>;
    await db.selectFrom('notes').selectAll().execute();
    await new Promise((resolve) => setTimeout(resolve, CHECKPOINT_INTERVAL_MS * 2.5));
    expect(connections()).toBe(1);

    await db.insertInto('notes').values({ body: 'x' }).execute();
    expect(await waitFor(2, 5)).toBe(2);
    await database.close();
    expect(connections()).toBe(0);
  });

  it('lets a script that closes its database finish', async () => {
    // The worker must not keep a script alive, nor let it end before the database is closed.
    const dir = newDir();
    const script = path.join(dir, 'script.mts');
    const sqlite = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sqlite.ts');
    writeFileSync(
      script,
      `import { openSqlite } from ${JSON.stringify(sqlite)};
const database = openSqlite(process.argv[2]);
await database.db.selectFrom('sqlite_master').selectAll().execute();
await database.close();
console.log('closed');
`,
    );
    const file = path.join(dir, 'script.sqlite');
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [
      '--import',
      'tsx',
      script,
      file,
    ]);
    expect(stdout).toBe('closed\n');
    expect(stderr).toBe('');
    expect(existsSync(`${file}-wal`)).toBe(false);
  });
});
