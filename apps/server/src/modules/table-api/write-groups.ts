import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { Database } from '../../db/schema';

/** One request's write: its queries, all on the transaction it is given. */
export type GroupedWork<T> = (trx: Kysely<Database>) => Promise<T>;

interface QueuedWork {
  work: GroupedWork<unknown>;
  resolve: (result: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { result: unknown } | { error: unknown };

/** Runs a write in a group when the database shares commits, or in a transaction of its own. */
export type WriteRunner = <T>(work: GroupedWork<T>) => Promise<T>;

const runners = new WeakMap<DatabaseHandle, WriteRunner>();

/**
 * How table writes run on `database`. On SQLite, the writes queued during one turn of the event
 * loop run at its end in one transaction, as refresh tokens do (db/dialects/sqlite-group-commit.ts,
 * docs/decisions/011-hot-path-costs.md): one commit for the group, and each request's work runs
 * back to back with the others'. Each work runs inside a savepoint of its own, so a work that
 * fails (a policy's refusal, a constraint) is undone alone and fails only its own request; a
 * commit that fails fails them all, and nobody is answered before the commit. PostgreSQL would
 * pay two more round trips per write for the savepoints, and already flushes the log once for
 * commits that arrive together, so each write keeps its own transaction there.
 */
export function writeRunnerFor(database: DatabaseHandle): WriteRunner {
  let runner = runners.get(database);
  if (!runner) {
    runner =
      database.kind === 'sqlite'
        ? groupWrites(database.db)
        : (work) => database.db.transaction().execute(work);
    runners.set(database, runner);
  }
  return runner;
}

function groupWrites(db: Kysely<Database>): WriteRunner {
  let queued: QueuedWork[] = [];

  const runGroup = async () => {
    const works = queued;
    queued = [];
    let outcomes: Outcome[];
    try {
      outcomes = await db.transaction().execute(async (trx) => {
        // Alone, the transaction is its savepoint: its failure rolls back only this work.
        if (works.length === 1) return [{ result: await works[0]!.work(trx) }];
        const done: Outcome[] = [];
        for (const { work } of works) done.push(await runInSavepoint(trx, work));
        return done;
      });
    } catch (error) {
      for (const { reject } of works) reject(error);
      return;
    }
    works.forEach(({ resolve, reject }, index) => {
      const outcome = outcomes[index]!;
      if ('error' in outcome) reject(outcome.error);
      else resolve(outcome.result);
    });
  };

  return <T>(work: GroupedWork<T>) =>
    new Promise<T>((resolve, reject) => {
      if (queued.length === 0) setImmediate(() => void runGroup());
      queued.push({ work, resolve: resolve as (result: unknown) => void, reject });
    });
}

/**
 * A failed work's own changes are rolled back and the group goes on. If the rollback itself
 * fails (SQLite gave up the whole transaction), that failure ends the group: nothing commits.
 */
async function runInSavepoint(trx: Kysely<Database>, work: GroupedWork<unknown>): Promise<Outcome> {
  await sql`savepoint table_write`.execute(trx);
  try {
    const result = await work(trx);
    await sql`release savepoint table_write`.execute(trx);
    return { result };
  } catch (error) {
    await sql`rollback to savepoint table_write`.execute(trx);
    await sql`release savepoint table_write`.execute(trx);
    return { error };
  }
}
