import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import {
  migrateToLatest,
  openPostgres,
  openSqlite,
  seedCampus,
  type DatabaseHandle,
} from '@campuscollab/server/testing';
import { removeOnInterrupt } from './leftovers';

export interface BenchDatabase {
  handle: DatabaseHandle;
  /** SQLite file path or PostgreSQL connection string, for the server thread to open. */
  location: string;
  /** The password every seeded account signs in with. */
  password: string;
  /** What the seed wrote, for the log. */
  summary: string;
  /** Seconds the seed took, and the database's size on disk once seeded. */
  seed: { seconds: number; bytes: number };
  drop(): Promise<void>;
}

async function withAdmin<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** An empty, migrated database: a SQLite file in a temp dir, or a new database on DATABASE_URL's server. */
async function createEmpty(databaseUrl: string | undefined, size: number) {
  if (!databaseUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-bench-'));
    const file = path.join(dir, 'bench.sqlite');
    // The seed's SQLite writer opens the file itself (`handle.file`).
    const removal = removeOnInterrupt(() => rmSync(dir, { recursive: true, force: true }));
    const handle = Object.assign(openSqlite(file), { file });
    await migrateToLatest(handle.db);
    const drop = async () => {
      await handle.close();
      removal.now();
    };
    return { handle, location: file, drop };
  }
  // A database of its own per size: the sizes never share caches, statistics or leftovers.
  const name = `bench_${size}_${Date.now().toString(36)}`;
  await withAdmin(databaseUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString());
  await migrateToLatest(handle.db);
  const drop = async () => {
    await handle.close();
    await withAdmin(databaseUrl, (client) =>
      client.query(`drop database if exists ${name} with (force)`),
    );
  };
  return { handle, location: url.toString(), drop };
}

/** The SQLite file with its write-ahead log, or what PostgreSQL reports for the database. */
async function sizeOnDisk(handle: DatabaseHandle, location: string): Promise<number> {
  if (handle.kind === 'postgres') {
    return withAdmin(location, async (client) => {
      const answer = await client.query<{ bytes: string }>(
        'select pg_database_size(current_database()) as bytes',
      );
      return Number(answer.rows[0]?.bytes ?? 0);
    });
  }
  // The log's pages are copies of the file's until a checkpoint moves them in: move them first.
  await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
  return [location, `${location}-wal`]
    .filter((file) => existsSync(file))
    .reduce((total, file) => total + statSync(file).size, 0);
}

/** The benchmark's sizes: `size` users and projects, ten times as many messages. */
export async function createSeededDatabase(
  databaseUrl: string | undefined,
  size: number,
  log: (line: string) => void,
): Promise<BenchDatabase> {
  const empty = await createEmpty(databaseUrl, size);
  try {
    const seeded = await seedCampus(empty.handle, {
      users: size,
      projects: size,
      messages: size * 10,
      seed: 1,
      log: (line) => log(`  seed ${line}`),
    });
    if (empty.handle.kind === 'postgres') {
      // Fresh bulk-loaded tables have no statistics, and no visibility map (an index-only scan
      // then reads each row's page too), until autovacuum gets to them: within a minute, and so
      // in the middle of some path's measurement. A deployed database has both, so they are
      // made before the first measurement.
      await withAdmin(empty.location, (client) => client.query('vacuum analyze'));
    }
    const bytes = await sizeOnDisk(empty.handle, empty.location);
    const summary =
      `${seeded.users} users, ${seeded.projects} projects, ${seeded.applications} applications, ` +
      `${seeded.messages} messages in ${seeded.seconds.toFixed(1)} s`;
    return {
      ...empty,
      password: seeded.password,
      summary,
      seed: { seconds: seeded.seconds, bytes },
    };
  } catch (error) {
    await empty.drop();
    throw error;
  }
}
