import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { SEED_COLUMNS, SEED_TABLES, listColumns, type SeedRow, type SeedTable } from '../tables';
import type { SeedWriter } from './types';

/** Rows per statement; each statement binds one array per column, not one value per cell. */
const ROWS_PER_STATEMENT = 5000;

/**
 * `insert ... select * from unnest($1::text[], $2::text[], ...)`: one parameter per column, so
 * a statement of 5,000 rows parses and binds as fast as one of a single row, and never meets
 * the 65,535-parameter limit a multi-row VALUES list runs into. (COPY would be faster still but
 * needs pg-copy-streams, which the project does not depend on.)
 */
export function openPostgresWriter(db: Kysely<Database>): SeedWriter {
  const statements = new Map<SeedTable, string>();
  for (const table of SEED_TABLES) {
    const columns = listColumns(table);
    const types = SEED_COLUMNS[table] as Record<string, string>;
    const arrays = columns.map((column, index) => `$${index + 1}::${types[column]}[]`);
    statements.set(
      table,
      `insert into "${table}" (${columns.map((c) => `"${c}"`).join(', ')}) ` +
        `select * from unnest(${arrays.join(', ')})`,
    );
  }

  return {
    async clearSeededTables() {
      // Not TRUNCATE: analytics_events references auth_accounts, and PostgreSQL truncates a
      // referenced table only together with the table that references it, which would also
      // drop anonymous visitors' events. Children first, so no cascade has to search for them.
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('messages').execute();
        await trx.deleteFrom('applications').execute();
        await trx.deleteFrom('projects').execute();
        await trx.deleteFrom('users').execute();
        await trx.deleteFrom('auth_accounts').execute();
      });
    },
    async insertRows<T extends SeedTable>(table: T, rows: readonly SeedRow<T>[]) {
      const columns = listColumns(table);
      const text = statements.get(table) ?? '';
      await db.transaction().execute(async (trx) => {
        for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
          const chunk = rows.slice(start, start + ROWS_PER_STATEMENT);
          const params = columns.map((column) => chunk.map((row) => row[column]));
          await trx.executeQuery(CompiledQuery.raw(text, params));
        }
      });
    },
    async deferIndexes(table) {
      const { rows: any } = await sql`select 1 from ${sql.table(table)} limit 1`.execute(db);
      if (any.length > 0) return async () => {};
      // Indexes that back a constraint (primary key, unique) stay: dropping them drops the rule.
      const { rows: indexes } = await sql<{ name: string; definition: string }>`
        select indexname as name, indexdef as definition from pg_indexes
        where schemaname = current_schema() and tablename = ${table}
          and indexname not in (
            select conname from pg_constraint where conrelid = ${table}::regclass
          )`.execute(db);
      for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
      return async () => {
        for (const index of indexes) await sql.raw(index.definition).execute(db);
      };
    },
    async finish() {
      // Fresh statistics, so the first queries after a seed get plans fit for the new volume
      // instead of waiting for autovacuum to notice.
      await sql`analyze ${sql.join(SEED_TABLES.map((table) => sql.table(table)))}`.execute(db);
    },
    // The connection pool belongs to the caller's handle.
    async close() {},
  };
}
