import type { DatabaseHandle, DatabaseKind } from '../../src/db/dialects/types';
import { openPostgresWriter } from './postgres-writer';
import { openSqliteWriter } from './sqlite-writer';
import type { SeedWriter } from './types';

const WRITERS: Record<DatabaseKind, (handle: DatabaseHandle) => SeedWriter> = {
  sqlite: (handle) => openSqliteWriter(handle.file),
  postgres: (handle) => openPostgresWriter(handle.db),
};

/** The bulk writer for the handle's database kind. */
export function openSeedWriter(handle: DatabaseHandle): SeedWriter {
  return WRITERS[handle.kind](handle);
}
