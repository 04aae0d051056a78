import { PostgrestCode } from './error-codes';
import { describeFailure, ParseFailure, PostgrestError } from './errors';
import type { RangeSpec } from './types';

export const DEFAULT_MAX_LIMIT = 1000;

/** A `Range: from-to` request header, `to` inclusive; null `to` is open-ended (`Range: 10-`). */
export interface HeaderRange {
  from: number;
  to: number | null;
}

export interface RangeInput {
  limit?: string | undefined;
  offset?: string | undefined;
  header?: HeaderRange | null;
  maxLimit?: number;
}

// Digits only: signs, decimals, exponents, hex and blanks are all refused rather than coerced.
const DIGITS = /^[0-9]+$/;
const RANGE_HEADER = /^(?:items=)?([0-9]+)-([0-9]*)$/;

/** Parses the `limit` or `offset` parameter as a non-negative safe integer. */
export function parseCount(param: 'limit' | 'offset', value: string): number {
  return describeFailure(`failed to parse ${param} parameter (${value})`, () => {
    if (!DIGITS.test(value)) throw new ParseFailure(`${param} must be a non-negative integer`);
    const count = Number(value);
    if (!Number.isSafeInteger(count)) {
      throw new ParseFailure(`${param} must be at most ${Number.MAX_SAFE_INTEGER}`);
    }
    return count;
  });
}

/**
 * Parses the `Range` request header. Like PostgREST, a header it cannot read (or a
 * `Range-Unit` other than items) is ignored, but an inverted range is a 416.
 */
export function parseRangeHeader(
  range: string | undefined,
  unit: string | undefined,
): HeaderRange | null {
  if (range === undefined) return null;
  if (unit !== undefined && unit.trim().toLowerCase() !== 'items') return null;
  const match = RANGE_HEADER.exec(range.trim());
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  if (!Number.isSafeInteger(from) || (to !== null && !Number.isSafeInteger(to))) return null;
  if (to !== null && to < from) {
    throw new PostgrestError({
      status: 416,
      code: PostgrestCode.rangeNotSatisfiable,
      message: 'Requested range not satisfiable',
      details:
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
    });
  }
  return { from, to };
}

/**
 * Combines limit/offset with the Range header the way PostgREST does: both describe a window
 * of row positions and the rows served are their intersection. The limit is then capped at
 * `maxLimit` (clamped, not refused, like PostgREST's db-max-rows).
 */
export function resolveRange(input: RangeInput): RangeSpec {
  const maxLimit = input.maxLimit ?? DEFAULT_MAX_LIMIT;
  if (!Number.isSafeInteger(maxLimit) || maxLimit < 1) {
    throw new TypeError(`maxLimit must be a positive integer, got ${maxLimit}`);
  }
  const offset = input.offset === undefined ? 0 : parseCount('offset', input.offset);
  const limit = input.limit === undefined ? null : parseCount('limit', input.limit);

  let start = offset;
  let end = limit === null ? Infinity : offset + limit;
  if (input.header) {
    start = Math.max(start, input.header.from);
    end = Math.min(end, input.header.to === null ? Infinity : input.header.to + 1);
  }
  const windowSize = end === Infinity ? null : Math.max(0, end - start);
  return {
    offset: start,
    limit: windowSize === null ? null : Math.min(windowSize, maxLimit),
    maxLimit,
  };
}
