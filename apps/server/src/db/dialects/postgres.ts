import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  sql,
  type DatabaseConnection,
  type LogEvent,
} from 'kysely';
import type pg from 'pg';
import { loadPg } from '../../lib/load-pg';
import { isDataException, PostgrestCode } from '../../lib/postgrest/error-codes';
import { CompiledQueries } from '../compiled-queries/compiled-queries';
import type { Database } from '../schema';
import { prepareCompiledQueries } from './postgres-statements';
import { runPostgresAdminStatements } from './postgres-admin';
import type { ConstraintViolation, DatabaseHandle, OpenOptions } from './types';

const INT8_OID = 20;

// COUNT(*) and bigint columns come back from pg as strings; our counts fit in a JS number, and
// both dialects must answer with the same JSON.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number.parseInt(value, 10)
      : loadPg().types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

const CONSTRAINT_KINDS: Record<string, ConstraintViolation['kind']> = {
  [PostgrestCode.uniqueViolation]: 'unique',
  [PostgrestCode.foreignKeyViolation]: 'foreign_key',
  [PostgrestCode.notNullViolation]: 'not_null',
  [PostgrestCode.checkViolation]: 'check',
};

/** pg's own default, and what every instance used before DATABASE_POOL_SIZE existed. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * Connections for counters: each count is one short upsert, and a hot key's row is locked only
 * while one runs, so a few serve every request.
 */
const COUNTER_POOL_SIZE = 4;

/**
 * PostgreSQL's default prices a page read out of order at four sequential ones, a spinning
 * disk's ratio. The app's tables are read from memory or SSD, where 1.1 is the usual setting.
 * With 4, a plan that cannot see its values (a compiled read's generic plan) took the biggest
 * campus's first page as a bitmap read of every row and a sort, where walking the newest-first
 * index stops at the page's 12 rows, and a campus search preferred its campus's rows to the
 * trigram indexes (docs/decisions/022).
 */
const PRICE_RANDOM_READS = 'set random_page_cost = 1.1';

/** A value as SQL text, for EXECUTE in `explain` (tests and diagnostics, never a request). */
function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  const text =
    typeof value === 'string'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : JSON.stringify(value);
  return `'${text.replaceAll("'", "''")}'`;
}

/**
 * A value as an SQL literal, for a statement planned for its values (DatabaseHandle.valueInSql).
 * Text goes through pg's own quoting: quotes doubled, and backslashes too in an E'' string, so
 * the literal holds whatever standard_conforming_strings says. Numbers are whole, as a filter's
 * integer column, a limit and an offset are; anything else is refused rather than written.
 */
function writtenValue(value: string | number | null) {
  if (value === null) return sql.raw('null');
  if (typeof value === 'string') return sql.raw(loadPg().escapeLiteral(value));
  if (!Number.isSafeInteger(value)) throw new TypeError(`Not a whole number: ${value}`);
  return sql.raw(String(value));
}

export function openPostgres(
  connectionString: string,
  options: OpenOptions & { poolSize?: number } = {},
): DatabaseHandle {
  const { Pool } = loadPg();
  const log = options.onQuery ? (event: LogEvent) => options.onQuery!(event.query) : undefined;
  /**
   * A pool and its Kysely. `settings` run in order on each new connection before its first
   * query (Kysely awaits them), and `setUp` wraps the pg client. Should a setting fail, the
   * connection keeps the server's default.
   */
  const openPool = (
    max: number,
    settings: string[],
    setUp: (client: pg.PoolClient) => void = () => {},
  ) => {
    const pool = new Pool({ connectionString, max, types });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    pool.on('connect', setUp);
    const onCreateConnection = async (connection: DatabaseConnection) => {
      for (const setting of settings) {
        await connection.executeQuery(CompiledQuery.raw(setting)).catch(() => {});
      }
    };
    const dialect = new PostgresDialect({ pool, onCreateConnection });
    return { pool, db: new Kysely<Database>({ dialect, log }) };
  };
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const nameOf = (text: string) => compiledQueries.statementName(text);
  const prepare = (client: pg.PoolClient) => prepareCompiledQueries(client, nameOf);
  const { pool, db } = openPool(poolSize, [PRICE_RANDOM_READS], prepare);
  // Counters commit without waiting for the log to reach the disk (docs/architecture.md §2.5): a
  // crash may lose the last fraction of a second of counts, never a row a student wrote. Waiting
  // for the flush held a busy key's row locked through it, so one sender's writes queued there.
  const { db: countersDb } = openPool(COUNTER_POOL_SIZE, ['set synchronous_commit = off']);
  // Table reads compiled once, and fixed compiled selects, run on connections of their own that
  // always use a statement's generic plan. PostgreSQL otherwise planned some again at every run,
  // with the values, when its first five plans looked cheaper than the generic one: a small
  // campus's nearby list or an unread count then spent more time planning than running
  // (decision 022). Reads whose plan depends on their values (searches) and everything else keep
  // the main pool's choice.
  const { db: readsDb } = openPool(
    poolSize,
    ['set plan_cache_mode = force_generic_plan', PRICE_RANDOM_READS],
    prepare,
  );
  const compiledQueries = new CompiledQueries({ db, genericReads: readsDb });
  return {
    kind: 'postgres',
    db,
    countersDb,
    connectionString,
    compiledQueries,
    patternMatch: (pattern, caseInsensitive) => ({
      form: caseInsensitive ? 'ilike' : 'like',
      operand: pattern,
    }),
    // `x ilike p` is `lower(x) like lower(p)` in a UTF-8 database, lower-casing x at every
    // row; the row's copy was lower-cased when it was written.
    matchPattern: (value, form, operand, lowerCased) => {
      if (form !== 'ilike') return sql<boolean>`${value} like ${operand}`;
      return lowerCased
        ? sql<boolean>`${lowerCased} like lower(${operand})`
        : sql<boolean>`${value} ilike ${operand}`;
    },
    valueInSql: writtenValue,
    testedOnly: (column) => sql.ref(column),
    classifyError(error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string') return null;
      const kind = CONSTRAINT_KINDS[code] ?? (isDataException(code) ? 'invalid_value' : undefined);
      if (!kind) return null;
      const { message, detail } = error as { message: string; detail?: string };
      return { kind, detail: detail ?? message };
    },
    explain: (query, { indexesOnly = false, generic = false } = {}) =>
      db.transaction().execute(async (trx) => {
        if (indexesOnly) await sql`set local enable_seqscan = off`.execute(trx);
        const plan = async (text: string, parameters: readonly unknown[]) => {
          const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
            CompiledQuery.raw(text, [...parameters]),
          );
          return result.rows.map((row) => row['QUERY PLAN']);
        };
        if (!generic) return plan(`explain ${query.sql}`, query.parameters);
        // EXECUTE takes its values as text, not as parameters. The statement outlives the
        // transaction, so it is dropped before the transaction ends.
        await sql`set local plan_cache_mode = force_generic_plan`.execute(trx);
        await plan(`prepare explained as ${query.sql}`, []);
        const values = query.parameters.map(sqlLiteral).join(', ');
        const lines = await plan(`explain execute explained${values ? `(${values})` : ''}`, []);
        await plan('deallocate explained', []);
        return lines;
      }),
    runAdminStatements: (statements, options) =>
      runPostgresAdminStatements(db, statements, options),
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await countersDb.destroy();
      await readsDb.destroy();
      await db.destroy();
    },
  };
}
