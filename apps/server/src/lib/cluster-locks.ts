import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import { loadPg } from './load-pg';
import type { JobLeadership } from './periodic-jobs';

/** The first key of every advisory lock the server takes, so they cannot meet another app's. */
const LOCK_NAMESPACE = 0x43434a42;

/**
 * Periodic jobs run once per cluster (docs/architecture.md §4.1): each job's leader is the
 * instance holding a session advisory lock named for it, on a connection of its own kept for
 * the process's life. Others try at each of their ticks and run nothing; when the leader stops
 * or dies its session ends, PostgreSQL frees the lock, and the next instance to tick takes it.
 * So each interval has one run, whoever starts first. Chosen over pg-boss's cron schedules,
 * which count in whole minutes and would change an interval's meaning, and over a lock per run,
 * which another instance could take again moments after the first released it.
 */
export function createAdvisoryLeadership(
  connectionString: string,
  log: FastifyBaseLogger,
): JobLeadership {
  let client: Promise<pg.Client> | null = null;
  const held = new Set<string>();
  let closed = false;

  const forget = () => {
    // A lost session lost its locks: lead again only after taking them again.
    client = null;
    held.clear();
  };
  const connect = () => {
    client ??= (async () => {
      const { Client } = loadPg();
      const connection = new Client({ connectionString, keepAlive: true });
      connection.on('error', (error) => {
        log.warn({ err: error }, 'the periodic jobs connection was lost');
        forget();
      });
      connection.on('end', forget);
      await connection.connect();
      return connection;
    })().catch((error: unknown) => {
      forget();
      throw error;
    });
    return client;
  };

  return {
    async holds(job) {
      if (closed) return false;
      if (held.has(job)) return true;
      const connection = await connect();
      const { rows } = await connection.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1, hashtext($2)) as locked',
        [LOCK_NAMESPACE, job],
      );
      const locked = rows[0]?.locked === true;
      if (locked) held.add(job);
      return locked;
    },
    async close() {
      closed = true;
      const connection = await client?.catch(() => null);
      forget();
      // Ending the session frees its locks.
      await connection?.end();
    },
  };
}

/** Waits for the session advisory lock `name` on `connection`. */
const takeLock = (connection: pg.ClientBase, name: string) =>
  connection.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_NAMESPACE, name]);

const releaseLock = (connection: pg.ClientBase, name: string) =>
  connection.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_NAMESPACE, name]);

/**
 * Runs `work` while holding the advisory lock `name`, waiting for it: for steps that must not
 * run twice at once when instances start together, like installing pg-boss's schema, whose
 * first install two instances could otherwise both attempt.
 */
export async function withAdvisoryLock<T>(
  connectionString: string,
  name: string,
  work: () => Promise<T>,
): Promise<T> {
  const { Client } = loadPg();
  const connection = new Client({ connectionString });
  // A lost connection fails the query below; it must not also crash the process.
  connection.on('error', () => {});
  await connection.connect();
  try {
    await takeLock(connection, name);
    return await work();
  } finally {
    // Ending the session frees the lock, also when `work` failed.
    await connection.end();
  }
}

/** Locks taken often and held over slow work, each on a connection of a pool of their own. */
export interface AdvisoryLocks {
  /** Runs `work` while holding the advisory lock `name`, waiting for it; frees it however `work` ends. */
  withLock<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** Ends the pool's sessions; locks still held are freed with them. */
  close(): Promise<void>;
}

/**
 * For work that holds a lock for as long as it takes, such as a student's upload streaming to
 * the bucket under their storage quota (docs/architecture.md §4.3): a connection per holder,
 * taken from a pool kept apart from the app's, so slow holders never leave the queries of
 * other requests waiting for a connection. At most `max` locks are held or awaited at once;
 * the rest wait for a connection. Idle connections close, so an instance with no uploads keeps
 * none open.
 */
export function createAdvisoryLocks(
  connectionString: string,
  options: { max: number },
): AdvisoryLocks {
  const { Pool } = loadPg();
  const pool = new Pool({ connectionString, max: options.max, idleTimeoutMillis: 10_000 });
  // An idle connection lost must not crash the process; the next lock opens another.
  pool.on('error', () => {});

  return {
    async withLock(name, work) {
      const connection = await pool.connect();
      // A session lost while `work` runs lost its lock too: never hand that session back.
      let lost: Error | undefined;
      const onError = (error: Error) => {
        lost = error;
      };
      connection.on('error', onError);
      let locked = false;
      try {
        await takeLock(connection, name);
        locked = true;
        return await work();
      } finally {
        if (locked && !lost) {
          await releaseLock(connection, name).catch((error: unknown) => {
            lost = error instanceof Error ? error : new Error(String(error));
          });
        }
        connection.off('error', onError);
        // Released with an error, the connection is closed, and its session's locks with it.
        connection.release(lost ?? (locked ? undefined : true));
      }
    },
    close: () => pool.end(),
  };
}
