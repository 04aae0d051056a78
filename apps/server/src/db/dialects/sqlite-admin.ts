import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AdminSqlOptions, AdminStatement, AdminStatementResult } from './admin-sql';
import { AdminSqlError, STATEMENT_TIMEOUT } from './admin-sql';

/** What the worker (sqlite-admin-worker.mjs) is started with. */
export interface AdminWorkerData extends Pick<AdminSqlOptions, 'readOnly' | 'maxRows'> {
  file: string;
  statements: AdminStatement[];
}

/** The worker's one answer: every statement's result, or the error that rolled them back. */
export type AdminWorkerMessage =
  { results: AdminStatementResult[] } | { error: { message: string; code: string } };

const WORKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sqlite-admin-worker.mjs');

/**
 * better-sqlite3 runs synchronously, so a runaway statement on the main thread would stop the
 * whole server. Admin statements run in a worker with their own connection, in one
 * transaction; at the timeout the worker is terminated and SQLite rolls the transaction back.
 */
export function runSqliteAdminStatements(
  file: string,
  statements: AdminStatement[],
  options: AdminSqlOptions,
): Promise<AdminStatementResult[]> {
  return new Promise((resolve, reject) => {
    const workerData: AdminWorkerData = {
      file,
      statements,
      readOnly: options.readOnly,
      maxRows: options.maxRows,
    };
    const worker = new Worker(WORKER, { workerData });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new AdminSqlError('canceling statement due to statement timeout', STATEMENT_TIMEOUT));
    }, options.timeoutMs);
    worker.once('message', (message: AdminWorkerMessage) => {
      clearTimeout(timer);
      if ('error' in message) reject(new AdminSqlError(message.error.message, message.error.code));
      else resolve(message.results);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new AdminSqlError(error.message, 'SQLITE_ERROR'));
    });
  });
}
