import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

  const open = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-checkpoints-'));
    dirs.push(dir);
    const file = path.join(dir, 'test.sqlite');
    const database = openSqlite(file);
    return { database, file, db: database.db as unknown as Kysely<{ notes: { body: string } }> };
  };

  it('moves the log into the database off the thread that commits', async () => {
    const { database, file, db } = open();
    await sql`create table notes (body text not null)`.execute(db);
    for (let row = 0; row < ROWS; row++) {
      await db.insertInto('notes').values({ body: 'x'.repeat(PAGE) }).execute();
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
});
