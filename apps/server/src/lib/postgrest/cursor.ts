import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { PostgrestCode } from './error-codes';
import { PostgrestError } from './errors';
import type { OrderTerm } from './types';

/** What a cursor is bound to: the signing secret, the ordering and optionally a scope. */
export interface CursorKey {
  secret: string | Buffer;
  order: readonly OrderTerm[];
  /** Anything else the cursor must match, such as the table name; '' when omitted. */
  scope?: string;
}

// Keeps these signatures distinct from anything else signed with the same secret.
const SIGNING_CONTEXT = 'postgrest-cursor/v1\n';
const MAX_TOKEN_LENGTH = 8192;
// A SHA-256 HMAC is 32 bytes: 43 base64url characters without padding.
const TOKEN = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/;

interface CursorPayload {
  v: unknown[];
  o: string;
}

/**
 * The order a cursor walks: the requested terms plus a unique key column as the tiebreaker, so
 * that every row has exactly one place and no page skips or repeats a row with an equal sort
 * value. The key follows the direction of the last term so one index can serve the whole order.
 */
export function withKeyColumn(
  order: readonly OrderTerm[],
  keyColumn: string | undefined,
): OrderTerm[] {
  if (!keyColumn || order.some((term) => term.column === keyColumn)) return [...order];
  const direction = order.at(-1)?.direction ?? 'asc';
  return [
    ...order,
    { column: keyColumn, direction, nulls: direction === 'asc' ? 'last' : 'first' },
  ];
}

// Every page of a list carries a cursor for the same few orders; hashing each again is wasted
// work (decision 011). The orders are the client's, so the memo is bounded.
const fingerprints = new LRUCache<string, string>({ max: 256 });

/** A short digest of the order (and scope) a cursor was issued for. */
export function fingerprintOrder(order: readonly OrderTerm[], scope = ''): string {
  const text = JSON.stringify([
    scope,
    order.map((term) => `${term.column} ${term.direction} nulls ${term.nulls}`),
  ]);
  let fingerprint = fingerprints.get(text);
  if (fingerprint === undefined) {
    fingerprint = createHash('sha256').update(text).digest('base64url').slice(0, 22);
    fingerprints.set(text, fingerprint);
  }
  return fingerprint;
}

/**
 * Makes an opaque keyset cursor from the last row's values for each order term. The values
 * go through JSON, so pass strings, numbers, booleans or null (a Date becomes its ISO string;
 * a bigint throws).
 */
export function encodeCursor(values: readonly unknown[], key: CursorKey): string {
  checkKey(key);
  if (key.order.length === 0) throw new TypeError('A cursor needs at least one order term');
  if (values.length !== key.order.length) {
    throw new TypeError(`Expected ${key.order.length} cursor values, got ${values.length}`);
  }
  const payload: CursorPayload = { v: [...values], o: fingerprintOrder(key.order, key.scope) };
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(body, key.secret)}`;
}

/** Verifies a cursor and returns its values; any forgery, edit or mismatch is a 400. */
export function decodeCursor(token: string, key: CursorKey): unknown[] {
  checkKey(key);
  if (token.length > MAX_TOKEN_LENGTH) rejectCursor('the cursor is too long');
  const match = TOKEN.exec(token);
  const body = match?.[1];
  const signature = match?.[2];
  if (body === undefined || signature === undefined) rejectCursor('the cursor is malformed');
  // Comparing the encoded text, not decoded bytes, also refuses signatures altered only in
  // base64url's unused trailing bits.
  const expected = Buffer.from(sign(body, key.secret));
  if (!timingSafeEqual(Buffer.from(signature), expected)) {
    rejectCursor('the cursor signature does not match');
  }
  const payload = readPayload(body);
  if (payload.o !== fingerprintOrder(key.order, key.scope)) {
    rejectCursor('the cursor was issued for a different order');
  }
  if (payload.v.length !== key.order.length) {
    rejectCursor('the cursor values do not match the order terms');
  }
  return payload.v;
}

function sign(body: string, secret: string | Buffer): string {
  return createHmac('sha256', secret).update(SIGNING_CONTEXT).update(body).digest('base64url');
}

function readPayload(body: string): CursorPayload {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    rejectCursor('the cursor payload is not JSON');
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    !('v' in parsed) ||
    !('o' in parsed) ||
    !Array.isArray(parsed.v) ||
    typeof parsed.o !== 'string'
  ) {
    rejectCursor('the cursor payload has the wrong shape');
  }
  return { v: parsed.v, o: parsed.o };
}

function checkKey(key: CursorKey): void {
  if (key.secret.length === 0) throw new TypeError('The cursor secret must not be empty');
}

function rejectCursor(details: string): never {
  throw new PostgrestError({
    status: 400,
    code: PostgrestCode.invalidQuery,
    message: 'Invalid cursor',
    details,
  });
}
