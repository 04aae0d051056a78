import { describe, expect, it } from 'vitest';
import { ParseFailure } from './errors';
import { isSafeIdentifier, parseIdentifier } from './identifier';

describe('parseIdentifier', () => {
  it.each([
    ['name', 'name'],
    ['_private', '_private'],
    ['Col_9', 'Col_9'],
    ['  spaced  ', 'spaced'],
    ['"quoted"', 'quoted'],
    [`a${'b'.repeat(62)}`, `a${'b'.repeat(62)}`],
  ])('accepts %j', (raw, expected) => {
    expect(parseIdentifier(raw)).toBe(expected);
  });

  it.each([
    'name;drop table users',
    'na"me',
    '"na"me"',
    '"a\\"b"',
    'name--',
    'a b',
    'fn()',
    '9lives',
    '',
    '""',
    'a.b',
    'é',
    `a${'b'.repeat(63)}`,
  ])('refuses %j', (raw) => {
    expect(() => parseIdentifier(raw)).toThrow(ParseFailure);
  });

  it('names the role in the error', () => {
    expect(() => parseIdentifier('x y', 'alias')).toThrow('"x y" is not a valid alias name');
  });
});

describe('isSafeIdentifier', () => {
  it('does not trim or unquote', () => {
    expect(isSafeIdentifier(' a')).toBe(false);
    expect(isSafeIdentifier('"a"')).toBe(false);
    expect(isSafeIdentifier('a')).toBe(true);
  });
});
