import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle, DatabaseKind } from '../../db/dialects/types';
import type { Database } from '../../db/schema';
import type { PeriodicJob, PeriodicJobs } from '../../lib/periodic-jobs';
import { isoTime } from '../../lib/timestamps';

/** How often the server looks for expired refresh tokens. */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
/** Rows deleted per transaction; requests get the database between batches. */
const BATCH_SIZE = 500;

export interface PruneResult {
  tokens: number;
  signIns: number;
}

/**
 * Up to `limit` expired refresh tokens, deleted; the sign-ins they belonged to. An expired token
 * is refused before anything else is read of it, so deleting it changes no answer.
 *
 * SQLite: rowids follow insertion, and every token lives equally long, so the expired tokens are
 * the lowest rowids. Only the oldest `limit` rows are read, expired or not, so a run that finds
 * nothing reads `limit` rows rather than the table. PostgreSQL: by migration 010's index.
 */
async function deleteExpiredTokens(
  kind: DatabaseKind,
  db: Kysely<Database>,
  now: string,
  limit: number,
) {
  const query =
    kind === 'sqlite'
      ? sql<{ session_id: string }>`
          delete from auth_refresh_tokens where rowid in (
            select rowid from (
              select rowid, expires_at from auth_refresh_tokens order by rowid limit ${limit}
            ) where expires_at <= ${now})
          returning session_id`
      : sql<{ session_id: string }>`
          delete from auth_refresh_tokens where (session_id, generation) in (
            select session_id, generation from auth_refresh_tokens
            where expires_at <= ${now} order by expires_at limit ${limit})
          returning session_id`;
  return (await query.execute(db)).rows.map((row) => row.session_id);
}

/**
 * Deletes refresh tokens past their expiry, and the sign-ins left with none, a batch at a time.
 * Rotation adds a row at every refresh and keeps the used ones (they reveal a stolen token), so
 * without this the table would only grow. `now` is for tests.
 */
export async function pruneExpiredSignIns(
  database: DatabaseHandle,
  now = Date.now(),
  batchSize = BATCH_SIZE,
): Promise<PruneResult> {
  const cutoff = isoTime(now);
  const result: PruneResult = { tokens: 0, signIns: 0 };
  for (;;) {
    const batch = await database.db.transaction().execute(async (trx) => {
      const sessionIds = await deleteExpiredTokens(database.kind, trx, cutoff, batchSize);
      const emptied =
        sessionIds.length === 0
          ? []
          : await trx
              .deleteFrom('auth_sessions')
              .where('id', 'in', [...new Set(sessionIds)])
              .where(({ not, exists, selectFrom }) =>
                not(
                  exists(
                    selectFrom('auth_refresh_tokens')
                      .select('generation')
                      .whereRef('auth_refresh_tokens.session_id', '=', 'auth_sessions.id'),
                  ),
                ),
              )
              .returning('id')
              .execute();
      return { tokens: sessionIds.length, signIns: emptied.length };
    });
    result.tokens += batch.tokens;
    result.signIns += batch.signIns;
    if (batch.tokens < batchSize) return result;
    // Let waiting requests run before the next batch.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Prunes every PRUNE_INTERVAL_MS, on one instance of a cluster (plugins/periodic-jobs.ts); a run
 * never overlaps the previous one.
 */
export function startSignInPruning(
  jobs: PeriodicJobs,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): PeriodicJob {
  return jobs.every('prune-sign-ins', PRUNE_INTERVAL_MS, async () => {
    const pruned = await pruneExpiredSignIns(database);
    if (pruned.tokens > 0) log.info(pruned, 'expired refresh tokens pruned');
  });
}
