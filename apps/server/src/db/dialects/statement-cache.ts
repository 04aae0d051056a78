import type SqliteDatabase from 'better-sqlite3';
import type {
  QueryResult,
  SqliteStatement as KyselySqliteStatement,
  SqliteDatabase as KyselySqliteDatabase,
} from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct statements the app runs are a few hundred; the cap only bounds unusual clients. */
const MAX_STATEMENTS = 1000;

type Statement = KyselySqliteStatement & { readonly busy: boolean };

/**
 * A reading statement whose rows are built here from better-sqlite3's arrays (raw mode). Its
 * own row objects cost a native call per column; building them in JavaScript, always in the
 * same key order, is cheaper (decision 012). Like better-sqlite3, a later column with the same
 * name wins.
 */
function withRowsBuiltHere(statement: SqliteDatabase.Statement): Statement {
  const names = statement.columns().map((column) => column.name);
  const arrays = statement.raw(true);
  const toRow = (values: unknown[]) => {
    const row: Record<string, unknown> = {};
    for (let index = 0; index < names.length; index++) row[names[index]!] = values[index];
    return row;
  };
  return {
    reader: true,
    get busy() {
      return statement.busy;
    },
    all: (parameters) => (arrays.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of arrays.iterate(parameters) as IterableIterator<unknown[]>) {
        yield toRow(values);
      }
    },
  };
}

/**
 * The connection as Kysely's SQLite driver sees it, with prepared statements reused by their
 * SQL text. The driver prepares every query it runs, and preparing cost as much as running a
 * small indexed read. Kysely compiles values to parameters, so the same query shape shares one
 * statement whatever its values.
 */
export function withStatementCache(connection: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new LRUCache<string, Statement>({ max: MAX_STATEMENTS });
  const prepare = (sql: string): Statement => {
    const statement = connection.prepare(sql);
    return statement.reader ? withRowsBuiltHere(statement) : statement;
  };
  return {
    close: () => connection.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it finishes.
      if (cached && !cached.busy) return cached;
      const statement = prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}

/** Runs a query as Kysely's SQLite driver would, answering the same result. */
export function runOnConnection(
  database: KyselySqliteDatabase,
  sql: string,
  parameters: readonly unknown[],
): QueryResult<unknown> {
  const statement = database.prepare(sql);
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { rows: [], numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid) };
}
