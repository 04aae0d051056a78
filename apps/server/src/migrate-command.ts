import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/open-database';

/**
 * `npm run migrate`: migrates the database the server would open, with the same configuration,
 * and exits. A deployment that sets MIGRATE_ON_START=false runs it once before starting
 * instances; running it while instances start is safe too (db/migrate.ts).
 */
try {
  const config = loadConfig();
  const database = await openDatabase({ ...config, migrateOnStart: true });
  await database.close();
  console.log(`Database migrated (${database.kind})`);
} catch (error) {
  console.error(
    error instanceof ConfigError ? `Configuration error: ${error.message}` : String(error),
  );
  process.exitCode = 1;
}
