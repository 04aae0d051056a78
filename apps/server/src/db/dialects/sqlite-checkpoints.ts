import { statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** What the worker (sqlite-checkpoint-worker.mjs) is started with. */
export interface CheckpointWorkerData {
  file: string;
  intervalMs: number;
  maxPasses: number;
  fewFrames: number;
}

/** What the worker tells the writing thread: finish the checkpoint, or that it failed. */
export type CheckpointWorkerMessage = { finish: true } | { error: string };

// A path built without the global URL: under a browser-like test environment (happy-dom) that
// URL is the browser's, which neither resolves file: addresses nor is one Worker takes.
const WORKER = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'sqlite-checkpoint-worker.mjs',
);

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
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();

  const start = () => {
    const workerData: CheckpointWorkerData = {
      file,
      intervalMs: CHECKPOINT_INTERVAL_MS,
      maxPasses: MAX_PASSES,
      fewFrames: FEW_FRAMES,
    };
    worker = new Worker(WORKER, { workerData });
    // A server that forgets to close its database may still exit.
    worker.unref();
    worker.on('message', (message: CheckpointWorkerMessage) => {
      if ('finish' in message) finish();
      else onError(message.error);
    });
    worker.on('error', (error) => onError(error.message));
    const running = worker;
    exited = new Promise<void>((resolve) => running.once('exit', () => resolve()));
  };

  // The worker and its connection cost a server about 14 MB, which one that only reads (or
  // sits idle) never needs: it starts once the log grows. Until then the log holds at most
  // what it held when the database was opened (open-database.ts moves that out at start-up),
  // and closing the last connection moves the rest.
  let lastSize = logSize(file);
  const watch = setInterval(() => {
    const size = logSize(file);
    const grew = size > lastSize;
    lastSize = size;
    if (!grew) return;
    clearInterval(watch);
    start();
  }, CHECKPOINT_INTERVAL_MS);
  watch.unref();

  return {
    async stop() {
      clearInterval(watch);
      if (!worker) return;
      // Held open again until the worker is gone: nothing else may keep the process alive.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}

/** The write-ahead log's size in bytes; it only grows while nothing checkpoints it. */
function logSize(file: string): number {
  return statSync(`${file}-wal`, { throwIfNoEntry: false })?.size ?? 0;
}
