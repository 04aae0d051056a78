import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/open-database';
import { migrations } from '../../src/db/migrations';
import type { DatabaseHandle } from '../../src/db/dialects/types';
import { createEmptyPostgresDatabase, type EmptyPostgresDatabase } from '../helpers/test-database';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const MIGRATION_NAMES = Object.keys(migrations);

async function executedMigrations(database: DatabaseHandle): Promise<string[]> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name`.execute(database.db);
  return rows.map((row) => row.name);
}

/** Runs `npm run migrate` as an operator would, with only the given environment. */
function runMigrateScript(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn('npm', ['run', '--silent', 'migrate'], {
      cwd: root,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('migrations', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-migrate-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    return dir;
  };
  const emptyPostgres = async (): Promise<EmptyPostgresDatabase> => {
    const database = await createEmptyPostgresDatabase();
    cleanups.push(() => database.drop());
    return database;
  };
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('lets several instances start at once on a fresh PostgreSQL database', async () => {
    const { url } = await emptyPostgres();
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: url, dataDir: dataDir() })),
    );
    const handles = opened.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    cleanups.push(() => Promise.all(handles.map((handle) => handle.close())).then(() => {}));
    expect(opened.filter((result) => result.status === 'rejected')).toEqual([]);
    // Each migration ran once: a second run of 001 would have failed on its existing tables.
    expect(await executedMigrations(handles[0]!)).toEqual(MIGRATION_NAMES);
  });

  it('refuses to start on an unmigrated database when MIGRATE_ON_START is false', async () => {
    const { url } = await emptyPostgres();
    const sqliteDir = dataDir();
    for (const options of [{ databaseUrl: url }, { databaseUrl: undefined }]) {
      await expect(
        openDatabase({ ...options, dataDir: sqliteDir, migrateOnStart: false }),
      ).rejects.toThrow(
        `The database lacks ${MIGRATION_NAMES.length} migration(s) (001-auth, 002-entities,`,
      );
      const migrated = await openDatabase({ ...options, dataDir: sqliteDir });
      await migrated.close();
      const opened = await openDatabase({ ...options, dataDir: sqliteDir, migrateOnStart: false });
      expect(await executedMigrations(opened)).toEqual(MIGRATION_NAMES);
      await opened.close();
    }
  });

  it('npm run migrate migrates SQLite and PostgreSQL, then exits', async () => {
    const { url } = await emptyPostgres();
    const sqliteDir = dataDir();
    const onSqlite = await runMigrateScript({ DATA_DIR: sqliteDir });
    expect(onSqlite).toEqual({ code: 0, output: 'Database migrated (sqlite)\n' });
    const onPostgres = await runMigrateScript({ DATABASE_URL: url, DATA_DIR: sqliteDir });
    expect(onPostgres).toEqual({ code: 0, output: 'Database migrated (postgres)\n' });
    for (const databaseUrl of [undefined, url]) {
      const opened = await openDatabase({ databaseUrl, dataDir: sqliteDir, migrateOnStart: false });
      expect(await executedMigrations(opened)).toEqual(MIGRATION_NAMES);
      await opened.close();
    }
    // The same one-line configuration error as the server's.
    const wrong = await runMigrateScript({ DATABASE_URL: 'mysql://x', DATA_DIR: sqliteDir });
    expect(wrong.code).toBe(1);
    expect(wrong.output).toBe(
      'Configuration error: DATABASE_URL must be a postgres:// URL (got "mysql://x")\n',
    );
  });
});
