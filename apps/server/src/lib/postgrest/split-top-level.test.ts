import { describe, expect, it } from 'vitest';
import { ParseFailure } from './errors';
import { splitTopLevel } from './split-top-level';

describe('splitTopLevel', () => {
  it.each([
    ['a,b,c', ['a', 'b', 'c']],
    ['a', ['a']],
    ['', ['']],
    ['a,,b', ['a', '', 'b']],
    ['a,rel(b,c),d', ['a', 'rel(b,c)', 'd']],
    ['x(y(z,w)),v', ['x(y(z,w))', 'v']],
    ['"a,b",c', ['"a,b"', 'c']],
    ['"a\\",b",c', ['"a\\",b"', 'c']],
    ['"(",b', ['"("', 'b']],
    [' a , b ', [' a ', ' b ']],
  ])('splits %j', (input, expected) => {
    expect(splitTopLevel(input)).toEqual(expected);
  });

  it('takes another separator', () => {
    expect(splitTopLevel('a;b(c;d)', ';')).toEqual(['a', 'b(c;d)']);
  });

  it.each(['a(b', 'a)b', '(a))', '"abc', 'a,"b\\"'])('refuses unbalanced %j', (input) => {
    expect(() => splitTopLevel(input)).toThrow(ParseFailure);
  });
});
