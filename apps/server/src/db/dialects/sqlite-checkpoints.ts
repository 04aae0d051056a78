import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker moves the write-ahead log into the database file. */
export const CHECKPOINT_INTERVAL_MS = 1000;

// Plain CommonJS run with `eval`, so the worker starts the same under tsx, Vitest or a bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  checkpoint();
  db.close();
  parentPort.close();
});
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

export interface Checkpoints {
  /** A last checkpoint, then the worker's connection closes. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL database from a worker thread with its own connection. SQLite's automatic
 * checkpoint runs inside the commit that crosses 1,000 pages of log, on the thread that
 * committed: on this machine about one write in 300 then took 10 ms, mostly waiting for the
 * disk, and the whole server waited with it. The connection that writes turns the automatic
 * checkpoint off; a PASSIVE checkpoint never blocks its readers or its writer.
 */
export function checkpointInBackground(
  file: string,
  onError: (message: string) => void,
): Checkpoints {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driverPath, file, intervalMs: CHECKPOINT_INTERVAL_MS },
  });
  // A server that forgets to close its database may still exit.
  worker.unref();
  worker.on('message', (message: { error?: string }) => {
    if (message.error) onError(message.error);
  });
  worker.on('error', (error) => onError(error.message));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Held open again until the worker is gone: nothing else may keep the process alive.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
