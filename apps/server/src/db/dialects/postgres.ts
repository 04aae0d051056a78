import { CompiledQuery, Kysely, PostgresDialect, sql, type LogEvent } from 'kysely';
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

export function openPostgres(
  connectionString: string,
  options: OpenOptions & { poolSize?: number } = {},
): DatabaseHandle {
  const { Pool } = loadPg();
  const log = options.onQuery ? (event: LogEvent) => options.onQuery!(event.query) : undefined;
  /** A pool and its Kysely; `setUp` runs first on each new connection. */
  const openPool = (max: number, setUp: (client: pg.PoolClient) => void) => {
    const pool = new Pool({ connectionString, max, types });
    // An idle client losing its connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    pool.on('connect', setUp);
    return { pool, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log }) };
  };
  const poolSize = options.poolSize ?? DEFAULT_POOL_SIZE;
  const nameOf = (text: string) => compiledQueries.statementName(text);
  const { pool, db } = openPool(poolSize, (client) => prepareCompiledQueries(client, nameOf));
  // Counters commit without waiting for the log to reach the disk (docs/architecture.md §2.5): a
  // crash may lose the last fraction of a second of counts, never a row a student wrote. Waiting
  // for the flush held a busy key's row locked through it, so one sender's writes queued there.
  // Should the setting fail, the connection only waits for the disk as the app's own do.
  const { db: countersDb } = openPool(COUNTER_POOL_SIZE, (client) => {
    client.query('set synchronous_commit = off').catch(() => {});
  });
  // Table reads compiled once run on connections of their own that always use a statement's
  // generic plan. PostgreSQL otherwise planned some again at every run, with the values, when
  // its first five plans looked cheaper than the generic one: a small campus's nearby list or an
  // unread count then spent more time planning than running (decision 022). Reads whose plan
  // depends on their values (searches) and everything else keep the main pool's choice.
  const { db: readsDb } = openPool(poolSize, (client) => {
    // Sent first, so it runs before any read; should it fail, reads plan as on the main pool.
    client.query('set plan_cache_mode = force_generic_plan').catch(() => {});
    prepareCompiledQueries(client, nameOf);
  });
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
    matchPattern: (value, form, operand) =>
      form === 'ilike'
        ? sql<boolean>`${value} ilike ${operand}`
        : sql<boolean>`${value} like ${operand}`,
    plansPatternsWithValues: true,
    classifyError(error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code !== 'string') return null;
      const kind = CONSTRAINT_KINDS[code] ?? (isDataException(code) ? 'invalid_value' : undefined);
      if (!kind) return null;
      const { message, detail } = error as { message: string; detail?: string };
      return { kind, detail: detail ?? message };
    },
    explain: (query, { indexesOnly = false } = {}) =>
      db.transaction().execute(async (trx) => {
        if (indexesOnly) await sql`set local enable_seqscan = off`.execute(trx);
        const result = await trx.executeQuery<{ 'QUERY PLAN': string }>(
          CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]),
        );
        return result.rows.map((row) => row['QUERY PLAN']);
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
