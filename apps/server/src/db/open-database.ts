import path from 'node:path';
import { openPostgres } from './dialects/postgres';
import { openSqlite } from './dialects/sqlite';
import type { DatabaseHandle } from './dialects/types';
import { migrateToLatest } from './migrate';

export interface OpenDatabaseOptions {
  databaseUrl: string | undefined;
  dataDir: string;
}

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded SQLite file in DATA_DIR; migrated. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? openPostgres(options.databaseUrl)
    : openSqlite(path.join(options.dataDir, 'campuscollab.sqlite'));
  try {
    await migrateToLatest(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}
