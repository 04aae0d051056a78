// @ts-check
// Plain JavaScript that Node runs as it is, in production under tsx as under Vitest: on Node 20
// a worker thread gets no TypeScript loader. tsc checks it through these JSDoc types
// (apps/server/tsconfig.json allows JavaScript).
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @typedef {import('./sqlite-admin').AdminWorkerData} AdminWorkerData */
/** @typedef {import('./sqlite-admin').AdminWorkerMessage} AdminWorkerMessage */
/** @typedef {import('./admin-sql').AdminStatementResult} AdminStatementResult */

const port = /** @type {import('node:worker_threads').MessagePort} */ (parentPort);
const { file, statements, readOnly, maxRows } = /** @type {AdminWorkerData} */ (workerData);

/** @param {AdminWorkerMessage} message */
const send = (message) => port.postMessage(message);

const db = new Database(file);
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
if (readOnly) db.pragma('query_only = ON');
try {
  const runAll = db.transaction(() =>
    statements.map(({ query, params }) => {
      const statement = db.prepare(query);
      if (!statement.reader) {
        /** @type {AdminStatementResult} */
        const changed = { rows: [], rowCount: statement.run(...params).changes, truncated: false };
        return changed;
      }
      /** @type {Record<string, unknown>[]} */
      const rows = [];
      let truncated = false;
      for (const row of statement.iterate(...params)) {
        if (rows.length === maxRows) {
          truncated = true;
          break;
        }
        rows.push(/** @type {Record<string, unknown>} */ (row));
      }
      /** @type {AdminStatementResult} */
      const read = { rows, rowCount: rows.length, truncated };
      return read;
    }),
  );
  send({ results: runAll() });
} catch (error) {
  const { message, code } = /** @type {{ message: string; code?: string }} */ (error);
  send({ error: { message, code: code || 'SQLITE_ERROR' } });
} finally {
  db.close();
}
