import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import { DEFAULT_MAX_LIMIT, parseCount, parseRangeHeader, resolveRange } from './parse-range';

function parseError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

describe('parseCount', () => {
  it.each([
    ['0', 0],
    ['10', 10],
    ['007', 7],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
  ])('parses %j', (input, expected) => {
    expect(parseCount('limit', input)).toBe(expected);
  });

  it.each([
    '',
    '-1',
    '+1',
    '1.5',
    '1e3',
    '0x10',
    ' 1',
    '1 ',
    'abc',
    'NaN',
    'Infinity',
    '9007199254740992',
    '99999999999999999999',
  ])('refuses %j', (input) => {
    for (const param of ['limit', 'offset'] as const) {
      const error = parseError(() => parseCount(param, input));
      expect(error).toMatchObject({
        status: 400,
        code: 'PGRST100',
        message: `"failed to parse ${param} parameter (${input})"`,
      });
      expect(error.details).toMatch(new RegExp(`^${param} must be`));
    }
  });
});

describe('parseRangeHeader', () => {
  it.each([
    ['0-9', { from: 0, to: 9 }],
    ['5-5', { from: 5, to: 5 }],
    ['10-', { from: 10, to: null }],
    [' 0-24 ', { from: 0, to: 24 }],
    ['items=0-9', { from: 0, to: 9 }],
  ])('parses %j', (input, expected) => {
    expect(parseRangeHeader(input, undefined)).toEqual(expected);
    expect(parseRangeHeader(input, 'items')).toEqual(expected);
    expect(parseRangeHeader(input, 'Items')).toEqual(expected);
  });

  it.each([
    undefined,
    'abc',
    '-9',
    'a-b',
    '0-9,20-29',
    'bytes=0-9',
    '1.5-2',
    '99999999999999999999-',
  ])('ignores the unreadable %j, as PostgREST does', (input) => {
    expect(parseRangeHeader(input, undefined)).toBeNull();
  });

  it('ignores a Range in another unit', () => {
    expect(parseRangeHeader('0-9', 'bytes')).toBeNull();
  });

  it('answers an inverted range with 416 PGRST103', () => {
    expect(parseError(() => parseRangeHeader('5-2', 'items')).toJSON()).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details:
        'The lower boundary must be lower than or equal to the upper boundary in the Range header.',
      hint: null,
    });
    expect(parseError(() => parseRangeHeader('5-2', undefined)).status).toBe(416);
  });
});

describe('resolveRange', () => {
  it.each([
    [{}, { offset: 0, limit: null }],
    [{ limit: '10' }, { offset: 0, limit: 10 }],
    [{ limit: '0' }, { offset: 0, limit: 0 }],
    [{ offset: '20' }, { offset: 20, limit: null }],
    [
      { limit: '10', offset: '20' },
      { offset: 20, limit: 10 },
    ],
    [{ limit: '5000' }, { offset: 0, limit: DEFAULT_MAX_LIMIT }],
    [{ limit: '9007199254740991' }, { offset: 0, limit: DEFAULT_MAX_LIMIT }],
    [{ header: { from: 0, to: 9 } }, { offset: 0, limit: 10 }],
    [{ header: { from: 10, to: null } }, { offset: 10, limit: null }],
    [{ header: { from: 0, to: 4999 } }, { offset: 0, limit: DEFAULT_MAX_LIMIT }],
    // Both given: the rows served are the intersection of the two windows.
    [
      { limit: '3', offset: '6', header: { from: 0, to: 9 } },
      { offset: 6, limit: 3 },
    ],
    [
      { limit: '10', offset: '0', header: { from: 5, to: 20 } },
      { offset: 5, limit: 5 },
    ],
    [
      { offset: '2', header: { from: 0, to: 9 } },
      { offset: 2, limit: 8 },
    ],
    [
      { limit: '5', header: { from: 10, to: 19 } },
      { offset: 10, limit: 0 },
    ],
  ])('resolves %j', (input, expected) => {
    expect(resolveRange(input)).toEqual({ ...expected, maxLimit: DEFAULT_MAX_LIMIT });
  });

  it('clamps to a configured maximum', () => {
    expect(resolveRange({ limit: '50', maxLimit: 20 })).toEqual({
      offset: 0,
      limit: 20,
      maxLimit: 20,
    });
    expect(resolveRange({ limit: '5', maxLimit: 20 }).limit).toBe(5);
  });

  it('refuses a nonsensical maximum as a programming error', () => {
    expect(() => resolveRange({ maxLimit: 0 })).toThrow(TypeError);
    expect(() => resolveRange({ maxLimit: 1.5 })).toThrow(TypeError);
  });

  it.each([
    [{ limit: '-1' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: '-5' }, 'offset'],
    [{ offset: '1.5' }, 'offset'],
    [{ offset: '99999999999999999999' }, 'offset'],
  ])('refuses %j', (input, param) => {
    const error = parseError(() => resolveRange(input));
    expect(error).toMatchObject({ status: 400, code: 'PGRST100' });
    expect(error.message).toContain(`failed to parse ${param} parameter`);
  });
});
