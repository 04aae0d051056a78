import type SqliteDatabase from 'better-sqlite3';
import type { QueryResult } from 'kysely';
import type { GroupRunner } from '../compiled-queries/compiled-queries';

type Run = (sql: string, parameters: unknown[]) => QueryResult<unknown>;
type AsyncRun = (sql: string, parameters: unknown[]) => Promise<QueryResult<unknown>>;

interface QueuedWrite {
  sql: string;
  parameters: unknown[];
  resolve: (result: QueryResult<unknown>) => void;
  reject: (error: unknown) => void;
}

type Outcome = { result: QueryResult<unknown> } | { error: unknown };

/**
 * Writes queued during one turn of the event loop, run at its end in one transaction. Each
 * commit costs SQLite its locks, its frames written to the log and, later, a checkpoint of
 * them; a group pays once. The requests that queued them also go on together: the turn runs
 * every request's first half back to back, then every second half, while each half's code is
 * still in the processor's caches. Under load the second effect is the larger: deferring the
 * writes without sharing their commit already gave most of the gain (decision 011).
 *
 * A write that fails (a constraint) is undone alone, as SQLite undoes a failed statement and
 * keeps its transaction; a commit that fails fails every write of the group. `runLater` takes
 * the group when another transaction holds the connection: its writes wait for it in Kysely's
 * driver instead of becoming part of it.
 */
export function groupCommits(
  connection: SqliteDatabase.Database,
  run: Run,
  runLater: AsyncRun,
): GroupRunner {
  let queued: QueuedWrite[] = [];
  const runEach = connection.transaction((writes: QueuedWrite[]) =>
    writes.map((write): Outcome => {
      try {
        return { result: run(write.sql, write.parameters) };
      } catch (error) {
        return { error };
      }
    }),
  );
  const commit = () => {
    const writes = queued;
    queued = [];
    if (connection.inTransaction) {
      for (const write of writes) {
        runLater(write.sql, write.parameters).then(write.resolve, write.reject);
      }
      return;
    }
    let outcomes: Outcome[];
    try {
      outcomes = runEach(writes);
    } catch (error) {
      for (const write of writes) write.reject(error);
      return;
    }
    writes.forEach((write, index) => {
      const outcome = outcomes[index]!;
      if ('error' in outcome) write.reject(outcome.error);
      else write.resolve(outcome.result);
    });
  };
  return (sql, parameters) =>
    new Promise((resolve, reject) => {
      if (queued.length === 0) setImmediate(commit);
      queued.push({ sql, parameters, resolve, reject });
    });
}
