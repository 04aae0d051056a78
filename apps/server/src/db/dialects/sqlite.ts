import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, SqliteDialect } from 'kysely';
import { runPlansDirectly } from '../plans';
import type { Database } from '../schema';
import { runSqliteAdminStatements } from './sqlite-admin';
import { registerUnicodeLower, sqliteMatchPattern, sqlitePatternMatch } from './sqlite-patterns';
import { runOnConnection, withStatementCache } from './statement-cache';
import type { ConstraintViolation, DatabaseHandle, OpenOptions } from './types';

const CONSTRAINT_KINDS: Record<string, ConstraintViolation['kind']> = {
  SQLITE_CONSTRAINT_UNIQUE: 'unique',
  SQLITE_CONSTRAINT_PRIMARYKEY: 'unique',
  SQLITE_CONSTRAINT_FOREIGNKEY: 'foreign_key',
  SQLITE_CONSTRAINT_NOTNULL: 'not_null',
  SQLITE_CONSTRAINT_CHECK: 'check',
};

export function openSqlite(file: string, options: OpenOptions = {}): DatabaseHandle {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  const connection = new SqliteDatabase(file);
  // WAL lets readers proceed while one writer commits; the busy timeout waits for that writer
  // instead of failing with SQLITE_BUSY; SQLite leaves foreign keys off unless asked.
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  registerUnicodeLower(connection);
  const statements = withStatementCache(connection);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    log: options.onQuery ? (event) => options.onQuery!(event.query) : undefined,
  });
  // better-sqlite3 answers at once, so a plan outside a transaction can skip the driver's
  // connection lock and its promises, about 6% of a small read's time. Inside a transaction
  // the connection is the transaction's, and the plan waits its turn through the driver.
  runPlansDirectly(db, (sql, parameters) => {
    if (connection.inTransaction) return null;
    if (options.onQuery) options.onQuery(CompiledQuery.raw(sql, parameters));
    return runOnConnection(statements, sql, parameters);
  });
  return {
    kind: 'sqlite',
    db,
    file,
    patternMatch: sqlitePatternMatch,
    matchPattern: sqliteMatchPattern,
    classifyError(error) {
      const code = (error as { code?: unknown }).code;
      const kind = typeof code === 'string' ? CONSTRAINT_KINDS[code] : undefined;
      return kind ? { kind, detail: (error as Error).message } : null;
    },
    async explain(query) {
      const rows = connection
        .prepare(`explain query plan ${query.sql}`)
        .all(...(query.parameters as unknown[])) as { detail: string }[];
      return rows.map((row) => row.detail);
    },
    runAdminStatements: (statements, options) =>
      runSqliteAdminStatements(file, statements, options),
    close: () => db.destroy(),
  };
}
