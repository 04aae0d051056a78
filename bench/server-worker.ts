import { parentPort, workerData } from 'node:worker_threads';
import type { DatabaseKind } from '@campuscollab/server/testing';
import { startBenchApp } from './bench-app';
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
  /** The app's data folder, made and removed by the main thread (bench-app.ts). */
  dataDir: string;
}

export type ToWorker = { type: 'baseline'; queries: ResolvedQuery[] } | { type: 'close' };
export type FromWorker = { type: 'app'; url: string } | { type: 'baseline'; url: string };

const port = parentPort;
if (!port) throw new Error('server-worker.ts runs as a worker thread');
const { kind, location, dataDir } = workerData as ServerWorkerData;

// The limits guard against abuse from one address; every benchmark request comes from one.
const app = await startBenchApp(kind, location, dataDir, {
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '100000000',
  REFRESH_RATE_LIMIT_PER_MINUTE: '100000000',
  MESSAGE_RATE_LIMIT_PER_MINUTE: '100000000',
  APPLICATION_RATE_LIMIT_PER_MINUTE: '100000000',
  MATCH_RATE_LIMIT_PER_MINUTE: '100000000',
});
port.postMessage({ type: 'app', url: app.url } satisfies FromWorker);

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
    port.close();
  })();
});
