import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
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
      const connection = new pg.Client({ connectionString, keepAlive: true });
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
  const connection = new pg.Client({ connectionString });
  // A lost connection fails the query below; it must not also crash the process.
  connection.on('error', () => {});
  await connection.connect();
  try {
    await connection.query('select pg_advisory_lock($1, hashtext($2))', [LOCK_NAMESPACE, name]);
    return await work();
  } finally {
    // Ending the session frees the lock, also when `work` failed.
    await connection.end();
  }
}
