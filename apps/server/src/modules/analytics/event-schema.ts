import { z } from 'zod';
import { clipProperties } from './clip-properties';

export const EVENTS_MAX = 100;
/** Year 9999: beyond it toISOString leaves the fixed ISO shape that sorts as text. */
const EPOCH_MS_MAX = 253_402_300_799_999;
const TIMESTAMP_ERROR = 'timestamp must be an ISO date string or epoch milliseconds';
// PostgreSQL text cannot hold NUL; refusing it keeps both dialects storing the same rows.
const hasNoNul = (value: string) => !value.includes('\u0000');

const isoDatetime = z.iso.datetime({ offset: true });

function readEpochMs(value: number | string): number {
  if (typeof value === 'number') return value;
  return isoDatetime.safeParse(value).success ? Date.parse(value) : NaN;
}

/** Clients send `Date.now()` or `toISOString()`; both are stored as ISO text (UTC). */
const timestamp = z
  .union([z.number(), z.string()], { error: TIMESTAMP_ERROR })
  .transform((value, context) => {
    const ms = readEpochMs(value);
    if (!Number.isFinite(ms) || ms < 0 || ms > EPOCH_MS_MAX) {
      context.issues.push({ code: 'custom', message: TIMESTAMP_ERROR, input: value });
      return z.NEVER;
    }
    return new Date(Math.floor(ms)).toISOString();
  });

const properties = z
  .record(z.string(), z.unknown(), { error: 'must be an object' })
  .transform((value, context) => {
    const result = clipProperties(value);
    if (result.ok) return result.value;
    context.issues.push({ code: 'custom', message: result.reason, input: value });
    return z.NEVER;
  });

const analyticsEvent = z.object({
  name: z
    .string()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters')
    .refine(hasNoNul, 'name must not contain NUL characters'),
  timestamp,
  sessionId: z
    .string()
    .min(1, 'sessionId must not be empty')
    .max(100, 'sessionId must be at most 100 characters')
    .refine(hasNoNul, 'sessionId must not contain NUL characters'),
  properties: properties.optional(),
});

export const logEventsBody = z.object({
  events: z
    .array(analyticsEvent)
    .min(1, `events must hold 1 to ${EVENTS_MAX} events`)
    .max(EVENTS_MAX, `events must hold 1 to ${EVENTS_MAX} events`),
});

export type AnalyticsEvent = z.output<typeof analyticsEvent>;
