import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the worker moves the write-ahead log into the database file. */
export const CHECKPOINT_INTERVAL_MS = 1000;
/** Passes the worker makes at most per interval while writes keep adding to the log. */
const MAX_PASSES = 8;
/**
 * A pass that found no more new frames than this leaves the rest to the writing thread. Its
 * pass then moves about as many, which takes only a moment (decision 011).
 */
const FEW_FRAMES = 64;

// Plain CommonJS run with `eval`, so the worker starts the same under tsx, Vitest or a bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { maxPasses, fewFrames } = workerData;
const Database = require(workerData.driverPath);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const pass = () => db.pragma('wal_checkpoint(PASSIVE)')[0];
const checkpoint = () => {
  try {
    let last = pass();
    let arrived = last.log;
    for (let count = 1; count < maxPasses && arrived > fewFrames; count++) {
      const next = pass();
      arrived = next.log - last.log;
      last = next;
    }
    if (arrived > 0) parentPort.postMessage({ finish: true });
  } catch (error) {
    parentPort.postMessage({ error: error.message });
  }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  pass();
  db.close();
  parentPort.close();
});
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

export interface CheckpointHandlers {
  /** Runs a last pass on the writing thread, between two of its own writes. */
  finish(): void;
  onError(message: string): void;
}

export interface Checkpoints {
  /** A last checkpoint, then the worker's connection closes. */
  stop(): Promise<void>;
}

/**
 * Checkpoints a WAL database from a worker thread with its own connection. SQLite's automatic
 * checkpoint runs inside the commit that crosses 1,000 pages of log, on the thread that
 * committed: that write then waits for the disk, and the whole server with it (decision 011).
 * The connection that writes turns the automatic checkpoint off; a PASSIVE checkpoint never
 * blocks its readers or its writer.
 *
 * But SQLite starts the log over only once a checkpoint has moved all of it, and under steady
 * writes every pass misses the frames written during it: the log would never start over.
 * So the worker repeats its pass while each finds many new frames, each shorter than the last,
 * then the writing thread moves the few left. With no write in between, the next commit
 * starts the log from its beginning.
 */
export function checkpointInBackground(file: string, handlers: CheckpointHandlers): Checkpoints {
  const { finish, onError } = handlers;
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      driverPath,
      file,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      maxPasses: MAX_PASSES,
      fewFrames: FEW_FRAMES,
    },
  });
  // A server that forgets to close its database may still exit.
  worker.unref();
  worker.on('message', (message: { finish?: true; error?: string }) => {
    if (message.finish) finish();
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
