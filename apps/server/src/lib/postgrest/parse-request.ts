import { listReferencedColumns } from './collect-columns';
import { decodeCursor, withKeyColumn } from './cursor';
import { PostgrestCode } from './error-codes';
import { createParseError, describeFailure, ParseFailure, PostgrestError } from './errors';
import { isSafeIdentifier, parseIdentifier } from './identifier';
import { parseAcceptHeader } from './parse-accept';
import { parseColumnList } from './parse-columns';
import { parseFilterParam } from './parse-filter';
import { isLogicParam, parseLogicParam } from './parse-logic';
import { parseOrderParam } from './parse-order';
import {
  parsePreferHeaders,
  renderPreferenceApplied,
  resolvePreferenceOperation,
} from './parse-prefer';
import { parseRangeHeader, resolveRange } from './parse-range';
import { parseSelectParam } from './parse-select';
import type { Condition, CursorPosition, OrderTerm, ParsedRequest } from './types';

export type RequestHeaders = Record<string, string | string[] | undefined>;

/**
 * Every header a parse reads (`readHeader` takes no other name): with the method and the query
 * string, all that decides what a request parses to.
 */
export const REQUEST_HEADERS = ['accept', 'prefer', 'range', 'range-unit'] as const;

export type RequestHeaderName = (typeof REQUEST_HEADERS)[number];

export interface ParseRequestOptions {
  /** Cap on `limit` (and the limit a read should apply when none is asked); default 1000. */
  maxLimit?: number;
  /** HMAC secret for `cursor=`; without it a cursor parameter is refused. */
  cursorSecret?: string | Buffer;
  /** Extra context a cursor is bound to, such as the table name. */
  cursorScope?: string;
  /** A unique column appended to the order as the cursor's tiebreaker (see `withKeyColumn`). */
  cursorKeyColumn?: string;
  /** The request method, default GET: the Range header applies to GET only (as in
   *  PostgREST) and it decides which preferences `preferenceApplied` echoes. */
  method?: string;
}

// Parameters read once; a second copy is refused rather than silently picking one.
const SINGLE_PARAMS: ReadonlySet<string> = new Set([
  'select',
  'order',
  'limit',
  'offset',
  'columns',
  'on_conflict',
  'cursor',
]);

// PostgREST accepts these after an embedding path (`rel.order=`), which is not supported.
const EMBEDDABLE_PARAMS: ReadonlySet<string> = new Set(['select', 'order', 'limit', 'offset']);

/**
 * Turns a PostgREST-style request (query string plus the Prefer, Accept, Range and
 * Range-Unit headers) into a validated, dialect-free AST. Every other query parameter is a
 * column filter. Throws PostgrestError (PGRST100 and friends) on anything it cannot accept.
 */
export function parsePostgrestRequest(
  query: URLSearchParams | string,
  headers: RequestHeaders,
  options: ParseRequestOptions = {},
): ParsedRequest {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const method = (options.method ?? 'GET').toUpperCase();
  const single = new Map<string, string>();
  const filters: Condition[] = [];

  for (const [key, value] of params) {
    if (SINGLE_PARAMS.has(key)) {
      if (single.has(key)) {
        throw createParseError(
          `"${key}" parameter given more than once`,
          `PostgREST reads a single ${key} parameter; send one`,
        );
      }
      single.set(key, value);
    } else if (isLogicParam(key)) {
      filters.push(parseLogicParam(key, value));
    } else {
      filters.push(parseFilterParam(parseFilterColumn(key), value));
    }
  }

  const select = parseSelectParam(single.get('select') ?? '');
  const orderParam = single.get('order');
  const order = orderParam === undefined ? [] : parseOrderParam(orderParam);
  const columnsParam = single.get('columns');
  const onConflictParam = single.get('on_conflict');
  const columns = columnsParam === undefined ? null : parseColumnList('columns', columnsParam);
  const onConflict =
    onConflictParam === undefined ? null : parseColumnList('on_conflict', onConflictParam);

  const rangeHeader =
    method === 'GET'
      ? parseRangeHeader(readHeader(headers, 'range')[0], readHeader(headers, 'range-unit')[0])
      : null;
  const range = resolveRange({
    limit: single.get('limit'),
    offset: single.get('offset'),
    header: rangeHeader,
    maxLimit: options.maxLimit,
  });

  const cursorParam = single.get('cursor');
  const cursor = cursorParam === undefined ? null : readCursor(cursorParam, order, options);

  const preferences = parsePreferHeaders(readHeader(headers, 'prefer'));
  const operation = resolvePreferenceOperation(method);
  // Spelled out: building this object by spreading cost more than all of the parsing above.
  return {
    select,
    filters,
    order,
    columns,
    onConflict,
    range,
    cursor,
    preferences,
    preferenceApplied: operation === null ? null : renderPreferenceApplied(preferences, operation),
    singular: parseAcceptHeader(readHeader(headers, 'accept')).singular,
    referencedColumns: listReferencedColumns({ select, filters, order, columns, onConflict }),
  };
}

/** Reads every value of a header, whatever the case of its name. */
export function readHeader(headers: RequestHeaders, name: RequestHeaderName): string[] {
  const wanted = name.toLowerCase();
  const values: string[] = [];
  // A loop rather than entries/filter/flatMap: this runs a few times for every table request.
  for (const key in headers) {
    const value = headers[key];
    if (value === undefined || key.toLowerCase() !== wanted) continue;
    if (Array.isArray(value)) values.push(...value);
    else values.push(value);
  }
  return values;
}

function parseFilterColumn(key: string): string {
  return describeFailure(`failed to parse tree path (${key})`, () => {
    const path = key.split('.');
    const last = path.at(-1) ?? '';
    if (
      path.length > 1 &&
      (EMBEDDABLE_PARAMS.has(last) || isLogicParam(last) || path.every(isSafeIdentifier))
    ) {
      throw new ParseFailure('Embedded resources are not supported', { unsupported: true });
    }
    return parseIdentifier(key);
  });
}

function readCursor(
  token: string,
  order: OrderTerm[],
  options: ParseRequestOptions,
): CursorPosition {
  const reject = (details: string): never => {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidQuery,
      message: 'Invalid cursor',
      details,
    });
  };
  if (options.cursorSecret === undefined || options.cursorSecret.length === 0) {
    return reject('cursor pagination is not enabled');
  }
  if (order.length === 0) return reject('a cursor needs the order parameter it was issued for');
  const values = decodeCursor(token, {
    secret: options.cursorSecret,
    order: withKeyColumn(order, options.cursorKeyColumn),
    scope: options.cursorScope,
  });
  return { values };
}
