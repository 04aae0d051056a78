import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import {
  buildApp,
  loadConfig,
  openPostgres,
  openSqlite,
  type DatabaseKind,
} from '@campuscollab/server/testing';
import { removeOnInterrupt } from './leftovers';

export const BENCH_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

/**
 * A data folder for one app. It is made on the run's main thread, which the app's thread or
 * process reports to: only that thread sees an interrupt, and so only it can remove the folder
 * then (leftovers.ts).
 */
export function makeDataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-bench-data-'));
  const removal = removeOnInterrupt(() => rmSync(dir, { recursive: true, force: true }));
  return { path: dir, remove: removal.now };
}

/**
 * The real app as production builds it, silent, on a free loopback port over an already seeded
 * database, with `dataDir` (from makeDataDir) for its files. `settings` adds environment
 * variables: the rate limits a benchmark raises, since all its requests come from a few
 * addresses.
 */
export async function startBenchApp(
  kind: DatabaseKind,
  location: string,
  dataDir: string,
  settings: Record<string, string>,
) {
  const database = kind === 'sqlite' ? openSqlite(location) : openPostgres(location);
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    JWT_SECRET: BENCH_SECRET,
    LOG_LEVEL: 'silent',
    ...settings,
  });
  const app = await buildApp({
    config,
    database,
    jwtSecret: BENCH_SECRET,
    logger: pino({ level: 'silent' }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await app.close();
    },
  };
}
