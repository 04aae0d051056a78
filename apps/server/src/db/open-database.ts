import path from 'node:path';
import { sql } from 'kysely';
import { openPostgres } from './dialects/postgres';
import { openSqlite } from './dialects/sqlite';
import type { DatabaseHandle } from './dialects/types';
import { findPendingMigrations, migrateToLatest } from './migrate';

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
  /** PostgreSQL's pool size (DATABASE_POOL_SIZE); pg's default of 10 when not given. */
  databasePoolSize?: number;
  /** False: migrations are a separate step (`npm run migrate`), and a stale database refuses. */
  migrateOnStart?: boolean;
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file in DATA_DIR; migrated. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl, { poolSize: options.databasePoolSize })
    : openSqlite(path.join(options.dataDir, 'campuscollab.sqlite'));
  try {
    if (options.migrateOnStart ?? true) {
      await migrateToLatest(handle.db);
    } else {
      // Serving on a schema older than the code would fail later, request by request.
      const pending = await findPendingMigrations(handle.db);
      if (pending.length > 0) {
        throw new Error(
          `The database lacks ${pending.length} migration(s) (${pending.join(', ')}) and MIGRATE_ON_START is false: run npm run migrate first`,
        );
      }
    }
    if (handle.kind === 'sqlite') {
      // Migrations (or a crash) leave pages in the write-ahead log. Moving them into the file
      // now, before any request, lets the checkpoint worker wait for the first write
      // (dialects/sqlite-checkpoints.ts): a server that only reads never starts it.
      await sql`pragma wal_checkpoint(TRUNCATE)`.execute(handle.db);
    }
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
