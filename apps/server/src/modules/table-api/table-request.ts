import type { Kysely } from 'kysely';
import type { DatabaseHandle } from '../../db/dialects/types';
import { PostgrestCode, PostgrestError, type ParsedRequest } from '../../lib/postgrest';
import type { RequestUser } from '../../plugins/authentication';
import type { DomainEventMap, DomainEvents } from '../../plugins/events';
import { rethrowAsPostgrestError } from './database-errors';
import type { InsertLimiter } from './insert-limits';
import type { DynamicDatabase, PolicyContext, TablePolicy } from './tables/types';
import { writeRunnerFor } from './write-groups';

/** One request to the table API, parsed and authenticated. */
export interface TableRequest {
  policy: TablePolicy;
  parsed: ParsedRequest;
  user: RequestUser;
  database: DatabaseHandle;
  events: DomainEvents;
  cursorSecret: Buffer;
  /** Limits the rows of inserts that notify someone (insert-limits.ts). */
  insertLimiter: InsertLimiter;
  body?: unknown;
}

export interface TableResponse {
  status: number;
  headers: Record<string, string>;
  body?: unknown;
}

/**
 * The database, or a transaction on it, seen with tables chosen at run time (names are checked
 * against the policies). Only `db` is taken: a handle copied around a transaction would still
 * run its compiled queries outside it.
 */
export function dynamicDb(database: Pick<DatabaseHandle, 'db'>): Kysely<DynamicDatabase> {
  return database.db as unknown as Kysely<DynamicDatabase>;
}

/** PostgREST's answer when one object was asked for (Accept: vnd.pgrst.object+json). */
export function singularError(count: number): PostgrestError {
  return new PostgrestError({
    status: 406,
    code: PostgrestCode.notSingular,
    message: 'JSON object requested, multiple (or no) rows returned',
    details: `The result contains ${count} rows`,
  });
}

/** `first-last/total` as PostgREST sends it; `*` for an unknown total or an empty page. */
export function contentRange(offset: number, count: number, total: number | null): string {
  const totalText = total === null ? '*' : String(total);
  return count === 0 ? `*/${totalText}` : `${offset}-${offset + count - 1}/${totalText}`;
}

/** The headers every table answer starts from: a new object, the caller's to add to. */
export function baseHeaders(request: Pick<TableRequest, 'parsed'>): Record<string, string> {
  const applied = request.parsed.preferenceApplied;
  return applied ? { 'preference-applied': applied } : {};
}

/**
 * Runs a write in one transaction, on SQLite shared with the writes of the same turn of the
 * event loop (write-groups.ts). Domain events the policies queued are emitted only after the
 * commit, and only for a write that succeeded, so nobody is told about a row rolled back.
 */
export async function runWrite<T>(
  request: TableRequest,
  work: (context: PolicyContext) => Promise<T>,
): Promise<T> {
  const queued: { name: keyof DomainEventMap; payload: unknown }[] = [];
  let result: T;
  try {
    result = await writeRunnerFor(request.database)((trx) =>
      work({
        user: request.user,
        trx,
        rows: (query, values) => request.database.compiledQueries.rowsIn(trx, query, values),
        now: new Date().toISOString(),
        upsert: request.parsed.preferences.resolution !== null,
        emitAfterCommit: (name, payload) => queued.push({ name, payload }),
      }),
    );
  } catch (error) {
    rethrowAsPostgrestError(request.database, error);
  }
  for (const { name, payload } of queued) {
    void request.events.emit(name, payload as DomainEventMap[typeof name]);
  }
  return result;
}
