import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { PostgrestCode } from '../../lib/postgrest/error-codes';
import type { AdminSqlOptions, AdminStatement, AdminStatementResult } from './admin-sql';
import { AdminSqlError } from './admin-sql';

// Plain CommonJS run with `eval`, so the worker starts the same under tsx, Vitest or a bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const { file, statements, readOnly, maxRows } = workerData;
const db = new Database(file);
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
if (readOnly) db.pragma('query_only = ON');
try {
  const runAll = db.transaction(() => statements.map(({ query, params }) => {
    const statement = db.prepare(query);
    if (!statement.reader) {
      return { rows: [], rowCount: statement.run(...params).changes, truncated: false };
    }
    const rows = [];
    let truncated = false;
    for (const row of statement.iterate(...params)) {
      if (rows.length === maxRows) { truncated = true; break; }
      rows.push(row);
    }
    return { rows, rowCount: rows.length, truncated };
  }));
  parentPort.postMessage({ results: runAll() });
} catch (error) {
  parentPort.postMessage({ error: { message: error.message, code: error.code || 'SQLITE_ERROR' } });
} finally {
  db.close();
}
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

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
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        driverPath,
        file,
        statements,
        readOnly: options.readOnly,
        maxRows: options.maxRows,
      },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      const message = 'canceling statement due to statement timeout';
      reject(new AdminSqlError(message, PostgrestCode.queryCanceled, true));
    }, options.timeoutMs);
    worker.once(
      'message',
      (message: {
        results?: AdminStatementResult[];
        error?: { message: string; code: string };
      }) => {
        clearTimeout(timer);
        if (message.error) reject(new AdminSqlError(message.error.message, message.error.code));
        else resolve(message.results ?? []);
      },
    );
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(new AdminSqlError(error.message, 'SQLITE_ERROR'));
    });
  });
}
