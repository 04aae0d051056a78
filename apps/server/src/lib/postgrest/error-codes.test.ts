import { describe, expect, it } from 'vitest';
import { isDataException, PostgrestCode } from './error-codes';

describe('PostgrestCode', () => {
  it('names each code once', () => {
    const codes = Object.values(PostgrestCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it.each([
    ['22000', true],
    ['22P02', true],
    ['23505', false],
    ['PGRST102', false],
  ])('isDataException(%s) is %s', (code, expected) => {
    expect(isDataException(code)).toBe(expected);
  });
});
