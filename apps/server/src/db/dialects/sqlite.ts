import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, sql, SqliteDialect } from 'kysely';
import { CompiledQueries } from '../compiled-queries/compiled-queries';
import type { Database } from '../schema';
import { runSqliteAdminStatements } from './sqlite-admin';
import { checkpointInBackground } from './sqlite-checkpoints';
import { groupCommits } from './sqlite-group-commit';
import { registerUnicodeLower, sqliteMatchPattern, sqlitePatternMatcher } from './sqlite-patterns';
import { sqliteIndexedRows } from './sqlite-search';
import { runOnConnection, withStatementCache } from './statement-cache';
import type { ConstraintViolation, DatabaseHandle, OpenOptions } from './types';

/** SQLite's default: a commit that takes the log past this many pages checkpoints it. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

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
  const journal = connection.pragma('journal_mode = WAL', { simple: true });
  connection.pragma('synchronous = NORMAL');
  connection.pragma('foreign_keys = ON');
  connection.pragma('busy_timeout = 5000');
  registerUnicodeLower(connection);
  const checkpoints = journal === 'wal' ? checkpointsFor(connection, file) : null;
  const statements = withStatementCache(connection);
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: statements }),
    log: options.onQuery ? (event) => options.onQuery!(event.query) : undefined,
  });
  const run = (sql: string, parameters: unknown[]) => {
    if (options.onQuery) options.onQuery(CompiledQuery.raw(sql, parameters));
    return runOnConnection(statements, sql, parameters);
  };
  const compiledQueries = new CompiledQueries({
    db,
    // better-sqlite3 answers at once, so a compiled query outside a transaction can skip the
    // driver's connection lock and its promises (docs/decisions/011-hot-path-costs.md). Inside
    // a transaction the connection is the transaction's, and the query waits its turn through
    // the driver.
    direct: (sql, parameters) => (connection.inTransaction ? null : run(sql, parameters)),
    grouped: groupCommits(connection, run, (sql, parameters) =>
      db.executeQuery(CompiledQuery.raw(sql, parameters)),
    ),
  });
  return {
    kind: 'sqlite',
    db,
    compiledQueries,
    file,
    patternMatch: sqlitePatternMatcher(connection),
    matchPattern: sqliteMatchPattern,
    searchCandidates: sqliteIndexedRows,
    testedOnly: (column) => sql`+${sql.ref(column)}`,
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
    async close() {
      await checkpoints?.stop();
      await db.destroy();
    },
  };
}

/** Checkpoints off the connection's thread (sqlite-checkpoints.ts), or SQLite's own on a failure. */
function checkpointsFor(connection: SqliteDatabase.Database, file: string) {
  connection.pragma('wal_autocheckpoint = 0');
  const onError = (message: string) => {
    // The log must not grow without end: SQLite checkpoints in its commits again.
    connection.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    process.emitWarning(`SQLite checkpoints are back in commits: ${message}`);
  };
  return checkpointInBackground(file, {
    finish() {
      // An open transaction may still write; the next interval finishes instead.
      if (!connection.open || connection.inTransaction) return;
      try {
        connection.pragma('wal_checkpoint(PASSIVE)');
      } catch (error) {
        onError((error as Error).message);
      }
    },
    onError,
  });
}
