import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { WindowCount, WindowCounters } from '../window-counters';
import { batchPerTurn } from '../turn-batch';
import { databaseNowMs } from './postgres-bus';
import { planTakeStatements, type BatchedTake, type TakeStatement } from './take-statements';

/** The largest value of PostgreSQL's `integer`, the type of `rate_limits.count`. */
const INTEGER_MAX = 2 ** 31 - 1;

/** Ended windows are deleted at most this often per instance, so idle keys do not pile up. */
const PRUNE_EVERY_MS = 60_000;

/** Longer keys (an address in a body, say) are stored as their digest: the row stays small. */
const MAX_KEY_LENGTH = 200;

/**
 * The time a window has left, as an answer gives it. `now()` is when a statement's transaction
 * began; a statement that began later on another instance may open the window first, so it ends
 * later than this statement's clock plus the window's length. No window has more than its length.
 */
const timeLeft = (ttl: number, windowMs: number) => Math.min(ttl, windowMs);

const integer = (value: number) => sql<number>`cast(${value} as integer)`;
const bigint = (value: number) => sql<number>`cast(${value} as bigint)`;

/**
 * Fixed-window counters in the `rate_limits` table, shared by every instance on the database
 * (docs/architecture.md §2.5). The counts of one turn of the event loop go in one upsert, so two
 * instances counting the same key at once both add to one row, and a busy instance pays one
 * round trip a turn rather than one a request. Windows follow the database's clock, which every
 * instance shares.
 */
export function createRateLimitRows(db: Kysely<Database>) {
  let nextPrune = 0;

  const rowKey = (namespace: string, key: string) => {
    // A separator no limit name or key contains, so two limits' keys never meet.
    const full = `${namespace}\u001f${key}`;
    return full.length <= MAX_KEY_LENGTH
      ? full
      : `${namespace}\u001fsha256:${createHash('sha256').update(key).digest('hex')}`;
  };

  const prune = async () => {
    if (Date.now() < nextPrune) return;
    nextPrune = Date.now() + PRUNE_EVERY_MS;
    await db.deleteFrom('rate_limits').where('window_ends_at', '<=', databaseNowMs).execute();
  };

  const ended = sql<boolean>`rate_limits.window_ends_at <= ${databaseNowMs}`;

  /**
   * One statement of takes (take-statements.ts). Takes that fit their ceiling alone propose a
   * row holding them whole, for a new window; an existing window's row adds one while the sum
   * stays within the ceiling. Takes of more than the ceiling add nothing either way.
   */
  const upsertTakes = ({ ceiling, windowMs, fits, takes }: TakeStatement) => {
    const fitsAfter = sql<boolean>`rate_limits.count + excluded.count <= ${integer(ceiling)}`;
    return db
      .insertInto('rate_limits')
      .values(
        takes.map(({ key, amount }) => ({
          key,
          count: integer(fits ? amount : 0),
          window_ends_at: sql<number>`${databaseNowMs} + ${bigint(windowMs)}`,
          taken: fits,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: fits
            ? sql<number>`case
                when ${ended} then excluded.count
                when ${fitsAfter} then rate_limits.count + excluded.count
                else rate_limits.count end`
            : sql<number>`case when ${ended} then 0 else rate_limits.count end`,
          taken: fits ? sql<boolean>`${ended} or ${fitsAfter}` : false,
          window_ends_at: sql<number>`case when ${ended} then excluded.window_ends_at else rate_limits.window_ends_at end`,
        }),
      )
      .returning([
        'key',
        'count',
        'taken',
        sql<number>`window_ends_at - ${databaseNowMs}`.as('ttl'),
      ])
      .execute();
  };

  /**
   * The takes of one turn of the event loop, in as few upserts as take-statements.ts allows:
   * under load, the limits of many students' messages and applications in one round trip.
   */
  const takeInTurn = batchPerTurn(async (takes: BatchedTake[]) => {
    await prune();
    const answers: WindowCount[] = [];
    for (const statement of planTakeStatements(takes)) {
      const byKey = new Map((await upsertTakes(statement)).map((row) => [row.key, row]));
      for (const { index, key } of statement.takes) {
        const row = byKey.get(key)!;
        const resetsInMs = timeLeft(row.ttl, statement.windowMs);
        answers[index] = { taken: row.taken, count: row.count, resetsInMs };
      }
    }
    return answers;
  });

  /**
   * The requests counted in one turn of the event loop, in one upsert: a key's row gains as many
   * as it had requests, and each request is answered the count it would have seen alone, in
   * turn. Keys go in sorted order, so two instances' upserts lock shared rows in the same order
   * and never wait on each other in a cycle.
   */
  const incrementInTurn = batchPerTurn(async (requests: { key: string; windowMs: number }[]) => {
    await prune();
    const byKey = new Map<string, { windowMs: number; requests: number }>();
    for (const { key, windowMs } of requests) {
      const entry = byKey.get(key) ?? { windowMs, requests: 0 };
      entry.requests += 1;
      byKey.set(key, entry);
    }
    const keys = [...byKey.keys()].sort();
    const rows = await db
      .insertInto('rate_limits')
      .values(
        keys.map((key) => {
          const { windowMs, requests: count } = byKey.get(key)!;
          return {
            key,
            count,
            window_ends_at: sql<number>`${databaseNowMs} + ${bigint(windowMs)}`,
            taken: true,
          };
        }),
      )
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          count: sql<number>`case when ${ended} then excluded.count else rate_limits.count + excluded.count end`,
          window_ends_at: sql<number>`case when ${ended} then excluded.window_ends_at else rate_limits.window_ends_at end`,
          taken: true,
        }),
      )
      .returning(['key', 'count', sql<number>`window_ends_at - ${databaseNowMs}`.as('ttl')])
      .execute();
    const after = new Map(rows.map((row) => [row.key, row]));
    // The first of a key's requests sees the count before the batch plus one, the last all of it.
    const seen = new Map<string, number>();
    return requests.map(({ key }) => {
      const row = after.get(key)!;
      const place = (seen.get(key) ?? 0) + 1;
      seen.set(key, place);
      const { requests: counted, windowMs } = byKey.get(key)!;
      return { current: row.count - counted + place, ttl: timeLeft(row.ttl, windowMs) };
    });
  });

  return {
    rowKey,
    /** Adds one request; answers the window's count and the milliseconds it has left. */
    increment: (key: string, windowMs: number) => incrementInTurn({ key, windowMs }),
    /** The window's count without adding to it. */
    async read(key: string): Promise<{ current: number; ttl: number }> {
      const row = await db
        .selectFrom('rate_limits')
        .select(['count', sql<number>`window_ends_at - ${databaseNowMs}`.as('ttl')])
        .where('key', '=', key)
        .where('window_ends_at', '>', databaseNowMs)
        .executeTakeFirst();
      return row ? { current: row.count, ttl: row.ttl } : { current: 0, ttl: 0 };
    },
    /** Adds `amount` unless that passes `max` (lib/window-counters.ts). */
    take(key: string, amount: number, max: number, windowMs: number): Promise<WindowCount> {
      // A count with no ceiling (email bursts count every email: max Infinity) is capped at the
      // column's own, which no window ever reaches.
      const ceiling = Math.min(max, INTEGER_MAX);
      return takeInTurn({ key, amount, ceiling, windowMs });
    },
  };
}

type RateLimitRows = ReturnType<typeof createRateLimitRows>;

/** lib/window-counters.ts' interface, counted in the database for every instance. */
export function createPostgresCounters(rows: RateLimitRows): WindowCounters {
  return {
    take: (key, amount, { max, windowMs }) =>
      rows.take(rows.rowKey('count', key), amount, max, windowMs),
  };
}
