import type SqliteDatabase from 'better-sqlite3';
import type { SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';

/** Distinct statements the app runs are a few hundred; the cap only bounds unusual clients. */
const MAX_STATEMENTS = 1000;

/**
 * The connection as Kysely's SQLite driver sees it, with prepared statements reused by their
 * SQL text. The driver prepares every query it runs, and preparing cost as much as running a
 * small indexed read. Kysely compiles values to parameters, so the same query shape shares one
 * statement whatever its values.
 */
export function withStatementCache(connection: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: MAX_STATEMENTS });
  return {
    close: () => connection.close(),
    prepare(sql) {
      const cached = statements.get(sql);
      // A statement still iterating (a streamed query) cannot run again until it finishes.
      if (cached && !cached.busy) return cached;
      const statement = connection.prepare(sql);
      if (!cached) statements.set(sql, statement);
      return statement;
    },
  };
}
