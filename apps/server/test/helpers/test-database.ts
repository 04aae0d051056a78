import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openPostgres } from '../../src/db/dialects/postgres';
import { openSqlite } from '../../src/db/dialects/sqlite';
import type { DatabaseHandle, DatabaseKind, OpenOptions } from '../../src/db/dialects/types';
import { migrateToLatest } from '../../src/db/migrate';

const KINDS: readonly DatabaseKind[] = ['sqlite', 'postgres'];

/**
 * Every integration test runs once per database kind. TEST_DIALECTS=postgres narrows that for a
 * run on a Node that has no SQLite binding built for it (.ci/node24-server-tests).
 */
export const DIALECTS: DatabaseKind[] = parseDialects(process.env.TEST_DIALECTS);

function parseDialects(list: string | undefined): DatabaseKind[] {
  if (!list) return [...KINDS];
  const named = list.split(',').map((kind) => kind.trim());
  const unknown = named.filter((kind) => !KINDS.includes(kind as DatabaseKind));
  if (unknown.length > 0 || named.length === 0) {
    throw new Error(`TEST_DIALECTS names ${unknown.join(', ')}; known: ${KINDS.join(', ')}`);
  }
  return named as DatabaseKind[];
}

export interface TestDatabase extends DatabaseHandle {
  /** Connection string (postgres) or file path (sqlite), for a server started in a child process. */
  location: string;
  drop(): Promise<void>;
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgresUrl') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface EmptyPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh PostgreSQL database with nothing in it, not even migrations. */
export async function createEmptyPostgresDatabase(): Promise<EmptyPostgresDatabase> {
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A fresh, migrated database of the given kind, private to the caller. */
export async function createTestDatabase(
  kind: DatabaseKind,
  options: OpenOptions = {},
): Promise<TestDatabase> {
  if (kind === 'sqlite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-sqlite-'));
    const file = path.join(dir, 'test.sqlite');
    const handle = openSqlite(file, options);
    await migrateToLatest(handle.db);
    return {
      ...handle,
      location: file,
      drop: async () => {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  await withAdmin((client) => client.query(`create database ${name}`));
  const url = new URL(inject('postgresUrl'));
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), options);
  await migrateToLatest(handle.db);
  return {
    ...handle,
    location: url.toString(),
    drop: async () => {
      await handle.close();
      await withAdmin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}
