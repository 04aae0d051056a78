import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor, fingerprintOrder, withKeyColumn } from './cursor';
import type { CursorKey } from './cursor';
import { PostgrestError } from './errors';
import type { OrderTerm } from './types';

const order: OrderTerm[] = [
  { column: 'created_at', direction: 'desc', nulls: 'first' },
  { column: 'id', direction: 'asc', nulls: 'last' },
];
const key: CursorKey = { secret: 'test-secret', order };

function cursorError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

/** Flips one character of the token at `index` to another base64url character. */
function alter(token: string, index: number): string {
  const char = token[index] === 'A' ? 'B' : 'A';
  return token.slice(0, index) + char + token.slice(index + 1);
}

describe('cursor', () => {
  it.each([
    [['2024-01-01T00:00:00.000Z', 42]],
    [[null, 'x']],
    [['a,b.c:"d"', -1.5]],
    [[true, 'ünïcødé']],
  ])('round-trips %j', (values) => {
    const token = encodeCursor(values, key);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(decodeCursor(token, key)).toEqual(values);
  });

  it('accepts a Buffer secret', () => {
    const bufferKey = { ...key, secret: Buffer.from('binary secret') };
    expect(decodeCursor(encodeCursor([1, 2], bufferKey), bufferKey)).toEqual([1, 2]);
  });

  it('rejects a cursor signed with another secret', () => {
    const token = encodeCursor([1, 2], { ...key, secret: 'other' });
    expect(cursorError(() => decodeCursor(token, key)).toJSON()).toEqual({
      code: 'PGRST100',
      message: 'Invalid cursor',
      details: 'the cursor signature does not match',
      hint: null,
    });
  });

  it('rejects any single-character change, payload or signature', () => {
    const token = encodeCursor(['2024-01-01', 7], key);
    for (let index = 0; index < token.length; index += 1) {
      if (token[index] === '.') continue;
      const error = cursorError(() => decodeCursor(alter(token, index), key));
      expect(error).toMatchObject({ status: 400, code: 'PGRST100', message: 'Invalid cursor' });
    }
  });

  it('rejects a forged payload with a reused signature', () => {
    const [, signature] = encodeCursor([1, 2], key).split('.');
    const forged = Buffer.from(
      JSON.stringify({ v: [999, 2], o: fingerprintOrder(order) }),
    ).toString('base64url');
    expect(cursorError(() => decodeCursor(`${forged}.${signature}`, key)).details).toBe(
      'the cursor signature does not match',
    );
  });

  it.each([
    ['reversed direction', [{ ...order[0], direction: 'asc' }, order[1]]],
    ['other nulls', [{ ...order[0], nulls: 'last' }, order[1]]],
    ['other column', [order[0], { ...order[1], column: 'uuid' }]],
    ['fewer terms', [order[0]]],
    ['swapped terms', [order[1], order[0]]],
  ])('rejects a cursor used with another ordering (%s)', (_name, otherOrder) => {
    const token = encodeCursor([1, 2], key);
    const other = { ...key, order: otherOrder as OrderTerm[] };
    expect(cursorError(() => decodeCursor(token, other)).details).toBe(
      'the cursor was issued for a different order',
    );
  });

  it('rejects a cursor used in another scope', () => {
    const token = encodeCursor([1, 2], { ...key, scope: 'posts' });
    expect(decodeCursor(token, { ...key, scope: 'posts' })).toEqual([1, 2]);
    expect(cursorError(() => decodeCursor(token, { ...key, scope: 'users' })).details).toBe(
      'the cursor was issued for a different order',
    );
  });

  it.each([
    ['', 'the cursor is malformed'],
    ['abc', 'the cursor is malformed'],
    ['a.b', 'the cursor is malformed'],
    ['a+b.c', 'the cursor is malformed'],
    [`${'a'.repeat(9000)}.${'b'.repeat(43)}`, 'the cursor is too long'],
  ])('rejects the malformed token %j', (token, details) => {
    expect(cursorError(() => decodeCursor(token, key)).details).toBe(details);
  });

  it('rejects a well-signed payload of the wrong shape', () => {
    // Only someone holding the secret could make these; checked anyway.
    for (const payload of ['not json', '{"v":1,"o":"x"}', '[1,2]', 'null']) {
      const body = Buffer.from(payload).toString('base64url');
      const signed = encodeCursor([0, 0], key).split('.')[1];
      expect(() => decodeCursor(`${body}.${signed}`, key)).toThrow(PostgrestError);
    }
  });

  it('refuses to encode what it could not decode', () => {
    expect(() => encodeCursor([1], key)).toThrow(TypeError);
    expect(() => encodeCursor([], { ...key, order: [] })).toThrow(TypeError);
    expect(() => encodeCursor([1, 2], { ...key, secret: '' })).toThrow(TypeError);
    expect(() => decodeCursor('x', { ...key, secret: '' })).toThrow(TypeError);
  });

  it('fingerprints orderings distinctly', () => {
    expect(fingerprintOrder(order)).toBe(fingerprintOrder([...order]));
    expect(fingerprintOrder(order)).not.toBe(fingerprintOrder(order.slice(0, 1)));
    expect(fingerprintOrder(order)).not.toBe(fingerprintOrder(order, 'scope'));
  });
});

describe('withKeyColumn', () => {
  const created = (direction: 'asc' | 'desc'): OrderTerm => ({
    column: 'created_at',
    direction,
    nulls: direction === 'asc' ? 'last' : 'first',
  });

  it('appends the key in the direction of the last term', () => {
    expect(withKeyColumn([created('desc')], 'id')).toEqual([
      created('desc'),
      { column: 'id', direction: 'desc', nulls: 'first' },
    ]);
    expect(withKeyColumn([created('asc')], 'id').at(-1)).toMatchObject({
      column: 'id',
      direction: 'asc',
    });
  });

  it('leaves an order that already has the key, or no key column, as it is', () => {
    const order: OrderTerm[] = [
      { column: 'id', direction: 'desc', nulls: 'first' },
      created('asc'),
    ];
    expect(withKeyColumn(order, 'id')).toEqual(order);
    expect(withKeyColumn([created('asc')], undefined)).toEqual([created('asc')]);
  });
});
