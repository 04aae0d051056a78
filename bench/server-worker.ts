import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import pino from 'pino';
import {
  buildApp,
  loadConfig,
  openPostgres,
  openSqlite,
  type DatabaseKind,
} from '@campuscollab/server/testing';
import { startBaselineServer, type BaselineServer, type ResolvedQuery } from './baseline-server';

/**
 * The real server (and later the baseline) on a thread of its own. autocannon on the same event
 * loop would take its parsing time out of the server's: on these 2 cores the load generator
 * gets one thread and the server the other, as a separate client machine would.
 */
export interface ServerWorkerData {
  kind: DatabaseKind;
  /** SQLite file path or PostgreSQL connection string, already migrated and seeded. */
  location: string;
}

export type ToWorker = { type: 'baseline'; queries: ResolvedQuery[] } | { type: 'close' };
export type FromWorker = { type: 'app'; url: string } | { type: 'baseline'; url: string };

const BENCH_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';
const port = parentPort;
if (!port) throw new Error('server-worker.ts runs as a worker thread');
const { kind, location } = workerData as ServerWorkerData;

const database = kind === 'sqlite' ? openSqlite(location) : openPostgres(location);
const dataDir = mkdtempSync(path.join(tmpdir(), 'campuscollab-bench-data-'));
const config = loadConfig({
  NODE_ENV: 'production',
  PORT: '0',
  DATA_DIR: dataDir,
  JWT_SECRET: BENCH_SECRET,
  // The limits guard against abuse from one address; every benchmark request comes from one.
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '100000000',
  REFRESH_RATE_LIMIT_PER_MINUTE: '100000000',
  MESSAGE_RATE_LIMIT_PER_MINUTE: '100000000',
  APPLICATION_RATE_LIMIT_PER_MINUTE: '100000000',
  MATCH_RATE_LIMIT_PER_MINUTE: '100000000',
  LOG_LEVEL: 'silent',
});
const app = await buildApp({
  config,
  database,
  jwtSecret: BENCH_SECRET,
  logger: pino({ level: 'silent' }),
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const appPort = typeof address === 'object' && address ? address.port : 0;
port.postMessage({ type: 'app', url: `http://127.0.0.1:${appPort}` } satisfies FromWorker);

let baseline: BaselineServer | null = null;
port.on('message', (message: ToWorker) => {
  if (message.type === 'baseline') {
    void startBaselineServer(kind, location, message.queries).then((server) => {
      baseline = server;
      port.postMessage({ type: 'baseline', url: server.url } satisfies FromWorker);
    });
    return;
  }
  void (async () => {
    await baseline?.close();
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
    port.close();
  })();
});
