import { openSync, readdirSync, readFileSync, readSync } from 'node:fs';
import { getHeapStatistics } from 'node:v8';
import type { DatabaseKind } from '@campuscollab/server/testing';
import { startBenchApp } from '../bench-app';
import { serveRequests } from './ipc';

/**
 * One instance of the real server, in a process of its own: its memory is then its own to
 * report, and its sockets count against its own file descriptor limit, as in a deployment.
 */
export type ServerRequest = { type: 'memory' } | { type: 'fds' };

export interface ServerMemory {
  rss: number;
  heapUsed: number;
}

/** Descriptors open now (null when none is left to list them) and how many it may open. */
export interface ServerFiles {
  open: number | null;
  limit: number | null;
}

// Opened now: with every descriptor taken by sockets, process.memoryUsage() cannot open
// /proc/self/statm (EMFILE), and the count of sockets held is what is being measured.
const statm = openSync('/proc/self/statm', 'r');
const PAGE_BYTES = 4096;

function residentBytes(): number {
  const buffer = Buffer.alloc(128);
  const length = readSync(statm, buffer, 0, buffer.length, 0);
  return Number(buffer.toString('utf8', 0, length).split(' ')[1]) * PAGE_BYTES;
}

function openDescriptors(): number | null {
  try {
    return readdirSync('/proc/self/fd').length;
  } catch {
    return null; // EMFILE: every descriptor is in use
  }
}

/**
 * The soft limit on open files (`ulimit -n`), read once: each socket is one, so it caps how
 * many one instance can hold. Null where /proc has no limits file or says "unlimited".
 */
function readFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((each) => each.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isFinite(soft) ? soft : null;
  } catch {
    return null;
  }
}

const fileLimit = readFileLimit();

const kind = process.env.BENCH_DB_KIND as DatabaseKind;
const location = process.env.BENCH_DB_LOCATION!;
// Made and removed by the parent process (bench-app.ts's makeDataDir).
const dataDir = process.env.BENCH_DATA_DIR!;
// Every sign-in comes from one address; the sockets are spread over many (realtime/bench.ts).
const app = await startBenchApp(kind, location, dataDir, {
  AUTH_RATE_LIMIT_PER_MINUTE: '100000000',
  AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '100000000',
});

let closing = false;
process.on('SIGTERM', () => {
  if (closing) return;
  closing = true;
  void app.close().finally(() => process.exit(0));
});

serveRequests((request: ServerRequest | { type: 'url' }) => {
  if (request.type === 'url') return app.url;
  if (request.type === 'fds') {
    return { open: openDescriptors(), limit: fileLimit } satisfies ServerFiles;
  }
  // Twice: the first collection may leave finalizers whose objects the second one frees.
  globalThis.gc?.();
  globalThis.gc?.();
  return {
    rss: residentBytes(),
    heapUsed: getHeapStatistics().used_heap_size,
  } satisfies ServerMemory;
});
