import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import type { WindowCounters } from '../../lib/window-counters';

const MINUTE_MS = 60_000;

/** Rows per sender and minute, by table; tables not named here are not limited. */
export type InsertRowLimits = Readonly<Partial<Record<string, number>>>;

export interface InsertLimiter {
  /**
   * Counts an insert's rows against the sender's minute for that table, or refuses it before
   * anything is written: 413 when the request alone is more than a minute allows (retrying
   * could never help), 429 with Retry-After when the minute is used up.
   */
  admit(table: string, senderId: string, rows: number): Promise<void>;
}

/**
 * Inserts into tables that notify someone (messages, applications) are limited in rows, not
 * requests, so one array cannot carry a minute's worth of mail many times over.
 */
export function createInsertLimiter(
  limits: InsertRowLimits,
  counters: WindowCounters,
): InsertLimiter {
  return {
    async admit(table, senderId, rows) {
      const max = limits[table];
      if (max === undefined) return;
      if (rows > max) {
        throw new HttpError(
          413,
          ErrorCode.payloadTooLarge,
          `At most ${max} rows of "${table}" can be written in one request`,
          { details: `The request has ${rows} rows`, hint: `Send at most ${max} rows a minute` },
        );
      }
      const count = await counters.take(`insert:${table}:${senderId}`, rows, {
        max,
        windowMs: MINUTE_MS,
      });
      if (count.taken) return;
      const retryAfter = Math.max(1, Math.ceil(count.resetsInMs / 1000));
      throw new HttpError(
        429,
        ErrorCode.rateLimited,
        `Too many rows of "${table}": at most ${max} a minute, retry in ${retryAfter} seconds`,
        {
          details: `${count.count} of ${max} rows written this minute; this request has ${rows}`,
          hint: 'Wait for Retry-After seconds, then send again',
          headers: { 'retry-after': String(retryAfter) },
        },
      );
    },
  };
}
