import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { migrations } from './migrations';

// A static list rather than a folder scan: it works the same under tsx, Vitest and a bundle.
const provider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

/**
 * Migrates to the latest version. Safe for several instances starting at once on one PostgreSQL
 * database: Kysely's Migrator runs the migrations under a session advisory lock
 * (`pg_advisory_lock`), reads what ran only once it holds it, and creates its own tables with
 * `if not exists`, checking again after a lost race (test/platform/concurrent-migrations.test.ts).
 */
// Migrations see the database as it was when they were written, not today's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
}

/** The names of the migrations the database has not run yet. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function findPendingMigrations(db: Kysely<any>): Promise<string[]> {
  const all = await new Migrator({ db, provider }).getMigrations();
  return all.filter((migration) => !migration.executedAt).map((migration) => migration.name);
}
