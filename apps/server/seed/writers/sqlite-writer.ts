import SqliteDatabase from 'better-sqlite3';
import { SEED_TABLES, listColumns, type SeedRow, type SeedTable } from '../tables';
import type { SeedWriter } from './types';

type Row = Record<string, string | number | null>;

/**
 * Raw better-sqlite3 on its own connection to the file: prepared once, run per row inside one
 * transaction per batch. Kysely's SQLite driver prepares every statement again and awaits each
 * one, which costs more than the insert itself at this volume.
 */
export function openSqliteWriter(file: string | undefined): SeedWriter {
  if (!file || file === ':memory:') {
    throw new Error('Seeding SQLite needs the database file (an in-memory database has none)');
  }
  const connection = new SqliteDatabase(file);
  connection.pragma('busy_timeout = 5000');
  connection.pragma('foreign_keys = ON');
  // A crash mid-seed only loses seed rows (run again with --reset), so skip the fsyncs; the
  // large page cache keeps the random-order index inserts off the disk.
  connection.pragma('synchronous = OFF');
  connection.pragma('cache_size = -262144');

  const inserters = new Map<SeedTable, (rows: readonly Row[]) => void>();
  for (const table of SEED_TABLES) {
    const columns = listColumns(table);
    const statement = connection.prepare<[Row]>(
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
        `values (${columns.map((c) => `@${c}`).join(', ')})`,
    );
    inserters.set(
      table,
      connection.transaction((rows: readonly Row[]) => {
        for (const row of rows) statement.run(row);
      }),
    );
  }

  // With foreign keys off, SQLite empties a table without visiting its rows (its truncate
  // optimisation); with them on, deleting a million messages takes most of a minute. The
  // cascades that are then skipped are done by hand, children first.
  const clearTables = connection.transaction(() => {
    for (const table of ['messages', 'applications', 'projects', 'users']) {
      connection.prepare(`delete from "${table}"`).run();
    }
    connection.prepare('delete from auth_refresh_tokens').run();
    connection.prepare('delete from auth_sessions').run();
    connection.prepare('delete from auth_email_tokens').run();
    connection.prepare('delete from analytics_events where user_id is not null').run();
    connection.prepare('delete from auth_accounts').run();
  });

  return {
    async clearSeededTables() {
      connection.pragma('foreign_keys = OFF');
      try {
        clearTables();
      } finally {
        connection.pragma('foreign_keys = ON');
      }
    },
    async insertRows<T extends SeedTable>(table: T, rows: readonly SeedRow<T>[]) {
      inserters.get(table)?.(rows as unknown as readonly Row[]);
    },
    async deferIndexes(table) {
      if (connection.prepare(`select 1 from "${table}" limit 1`).get()) return async () => {};
      // Unique constraints' indexes have no SQL of their own (and cannot be dropped): they stay.
      const indexes = connection
        .prepare<[string], { name: string; sql: string }>(
          `select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null`,
        )
        .all(table);
      for (const index of indexes) connection.prepare(`drop index "${index.name}"`).run();
      return async () => {
        for (const index of indexes) connection.prepare(index.sql).run();
      };
    },
    async finish() {
      // Folds the WAL back into the file, so the first reads after a seed are not slowed by a
      // gigabyte-long log.
      connection.pragma('wal_checkpoint(TRUNCATE)');
    },
    async close() {
      connection.close();
    },
  };
}
