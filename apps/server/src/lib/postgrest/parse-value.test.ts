import { describe, expect, it } from 'vitest';
import { ParseFailure } from './errors';
import {
  readIsValue,
  readListValue,
  readQuotedValue,
  readScalarValue,
  toLikePattern,
} from './parse-value';
import { Scanner } from './scanner';

describe('readQuotedValue', () => {
  it.each([
    ['"abc"', 'abc'],
    ['""', ''],
    ['"a,b.c:d(e)"', 'a,b.c:d(e)'],
    ['"a\\"b"', 'a"b'],
    ['"a\\\\b"', 'a\\b'],
    ['"\\x"', 'x'],
  ])('reads %j', (input, expected) => {
    const scanner = new Scanner(`${input}rest`);
    expect(readQuotedValue(scanner)).toBe(expected);
    expect(scanner.rest()).toBe('rest');
  });

  it.each(['"abc', '"abc\\"', '"a\\'])('refuses unterminated %j', (input) => {
    expect(() => readQuotedValue(new Scanner(input))).toThrow(ParseFailure);
  });
});

describe('readListValue', () => {
  it.each([
    ['(1,2,3)', ['1', '2', '3']],
    ['()', []],
    ['(  )', []],
    ['( 1,2)', ['1', '2']],
    ['(1, 2 )', ['1', ' 2 ']],
    ['("a,b","c)d",e)', ['a,b', 'c)d', 'e']],
    ['("a\\"b" ,c)', ['a"b', 'c']],
    ['(a,)', ['a', '']],
    ['(,)', ['', '']],
    ['(a"b)', ['a"b']],
    ['(a.b:c)', ['a.b:c']],
  ])('reads %j', (input, expected) => {
    const scanner = new Scanner(input);
    expect(readListValue(scanner)).toEqual(expected);
    expect(scanner.atEnd()).toBe(true);
  });

  it.each(['1,2', '(1,2', '("a"b)', '(a(b)', '("a"', '(a,"b)'])('refuses %j', (input) => {
    expect(() => readListValue(new Scanner(input))).toThrow(ParseFailure);
  });
});

describe('readScalarValue', () => {
  it('takes the whole rest of a filter parameter verbatim', () => {
    const scanner = new Scanner('a,b)"c".d');
    expect(readScalarValue(scanner, 'param')).toBe('a,b)"c".d');
    expect(scanner.atEnd()).toBe(true);
  });

  it.each([
    ['abc,x', 'abc', ',x'],
    ['1.5)', '1.5', ')'],
    ['"a,b"),', 'a,b', '),'],
    ['{1,2},x', '{1,2}', ',x'],
    [',x', '', ',x'],
    ['a b', 'a b', ''],
  ])('reads %j inside a logic tree', (input, value, rest) => {
    const scanner = new Scanner(input);
    expect(readScalarValue(scanner, 'logic')).toBe(value);
    expect(scanner.rest()).toBe(rest);
  });

  it.each(['a(b', '{1,2', '"ab'])('refuses %j inside a logic tree', (input) => {
    expect(() => readScalarValue(new Scanner(input), 'logic')).toThrow(ParseFailure);
  });
});

describe('readIsValue', () => {
  it.each([
    ['null', null],
    ['NULL', null],
    ['true', true],
    ['TRUE', true],
    ['False', false],
    ['unknown', 'unknown'],
    ['UnKnOwN', 'unknown'],
  ])('reads %j', (input, expected) => {
    expect(readIsValue(new Scanner(input), 'param')).toBe(expected);
    expect(readIsValue(new Scanner(`${input} ,x`), 'logic')).toBe(expected);
  });

  it.each(['', 'nil', 'nullx', '1', 'yes'])('refuses %j', (input) => {
    expect(() => readIsValue(new Scanner(input), 'param')).toThrow(ParseFailure);
  });
});

describe('toLikePattern', () => {
  it('turns every * into %', () => {
    expect(toLikePattern('*a*b%')).toBe('%a%b%');
    expect(toLikePattern('plain')).toBe('plain');
  });
});
