// @ts-check
// Plain JavaScript that Node runs as it is, in production under tsx as under Vitest: on Node 20
// a worker thread gets no TypeScript loader. tsc checks it through these JSDoc types
// (apps/server/tsconfig.json allows JavaScript).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {import('./sqlite-checkpoints').CheckpointWorkerData} CheckpointWorkerData */
/** @typedef {import('./sqlite-checkpoints').CheckpointWorkerMessage} CheckpointWorkerMessage */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { file, intervalMs, maxPasses, fewFrames } = /** @type {CheckpointWorkerData} */ (workerData);
const db = new Database(file);
db.pragma('busy_timeout = 5000');

/** @param {CheckpointWorkerMessage} message */
const send = (message) => port.postMessage(message);

/** @typedef {{ busy: number; log: number; checkpointed: number }} CheckpointResult */

/** One PASSIVE checkpoint: the frames in the log, and how many of them it moved. */
const pass = () => {
  const [result] = /** @type {CheckpointResult[]} */ (db.pragma('wal_checkpoint(PASSIVE)'));
  return /** @type {CheckpointResult} */ (result);
};

// Passes repeat while each finds many new frames, then the writing thread moves the few left
// (sqlite-checkpoints.ts says why).
const checkpoint = () => {
  try {
    let last = pass();
    let arrived = last.log;
    for (let count = 1; count < maxPasses && arrived > fewFrames; count++) {
      const next = pass();
      arrived = next.log - last.log;
      last = next;
    }
    if (arrived > 0) send({ finish: true });
  } catch (error) {
    send({ error: /** @type {Error} */ (error).message });
  }
};

// Started because the log grew: the first pass is due at once.
checkpoint();
const timer = setInterval(checkpoint, intervalMs);
port.on('message', () => {
  clearInterval(timer);
  pass();
  db.close();
  port.close();
});
