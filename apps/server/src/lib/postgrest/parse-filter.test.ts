import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import { parseFilterParam } from './parse-filter';

function parseError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

const filter = (operation: object) => ({
  kind: 'filter',
  column: 'c',
  ...operation,
});

describe('parseFilterParam', () => {
  it.each([
    ['eq.5', { operator: 'eq', value: '5', negated: false }],
    ['neq.5', { operator: 'neq', value: '5', negated: false }],
    ['gt.5', { operator: 'gt', value: '5', negated: false }],
    ['gte.5', { operator: 'gte', value: '5', negated: false }],
    ['lt.5', { operator: 'lt', value: '5', negated: false }],
    ['lte.5', { operator: 'lte', value: '5', negated: false }],
    ['like.*ab*c', { operator: 'like', value: '%ab%c', negated: false }],
    ['ilike.A*', { operator: 'ilike', value: 'A%', negated: false }],
    ['is.null', { operator: 'is', value: null, negated: false }],
    ['is.TRUE', { operator: 'is', value: true, negated: false }],
    ['is.false', { operator: 'is', value: false, negated: false }],
    ['is.unknown', { operator: 'is', value: 'unknown', negated: false }],
    ['in.(1,2,3)', { operator: 'in', value: ['1', '2', '3'], negated: false }],
    ['in.("a,b","c\\"d",e)', { operator: 'in', value: ['a,b', 'c"d', 'e'], negated: false }],
    ['in.()', { operator: 'in', value: [], negated: false }],
    ['in.(1,2) ', { operator: 'in', value: ['1', '2'], negated: false }],
  ] as const)('parses %j', (input, operation) => {
    expect(parseFilterParam('c', input)).toEqual(filter(operation));
  });

  it.each([
    ['not.eq.5', { operator: 'eq', value: '5', negated: true }],
    ['not.neq.5', { operator: 'neq', value: '5', negated: true }],
    ['not.gt.5', { operator: 'gt', value: '5', negated: true }],
    ['not.gte.5', { operator: 'gte', value: '5', negated: true }],
    ['not.lt.5', { operator: 'lt', value: '5', negated: true }],
    ['not.lte.5', { operator: 'lte', value: '5', negated: true }],
    ['not.like.a*', { operator: 'like', value: 'a%', negated: true }],
    ['not.ilike.a*', { operator: 'ilike', value: 'a%', negated: true }],
    ['not.is.null', { operator: 'is', value: null, negated: true }],
    ['not.in.(1,2)', { operator: 'in', value: ['1', '2'], negated: true }],
    ['not_in.(1,"x,y")', { operator: 'in', value: ['1', 'x,y'], negated: true }],
  ] as const)('parses negated %j', (input, operation) => {
    expect(parseFilterParam('c', input)).toEqual(filter(operation));
  });

  it.each([
    // PostgREST reads a plain filter's value to the end of the parameter, verbatim.
    ['eq.', ''],
    ['eq.a.b.c', 'a.b.c'],
    ['eq.a,b(c)', 'a,b(c)'],
    ['eq."quoted"', '"quoted"'],
    ['eq.not.5', 'not.5'],
    ['eq. spaced ', ' spaced '],
    ['eq.2024-01-01T00:00:00+00:00', '2024-01-01T00:00:00+00:00'],
    ["eq.'; drop table users; --", "'; drop table users; --"],
  ])('keeps the value of %j verbatim', (input, value) => {
    expect(parseFilterParam('c', input)).toMatchObject({ operator: 'eq', value });
  });

  it.each([
    ['', 'expecting an operator'],
    ['eq', 'expecting delimiter (.) after the operator "eq"'],
    ['5', 'unknown operator "5"'],
    ['foo.bar', 'unknown operator "foo"'],
    ['EQ.1', 'unknown operator "EQ"'],
    ['not.', 'expecting an operator'],
    ['not.foo.1', 'unknown operator "foo"'],
    ['not.not.eq.1', 'unknown operator "not"'],
    ['not.not_in.(1)', '"not_in" cannot be combined with "not."'],
    ['cs.{1,2}', 'operator "cs" is not supported'],
    ['fts.word', 'operator "fts" is not supported'],
    ['fts(english).word', 'operator "fts(english)" is not supported'],
    ['like(any).{a*,b*}', 'operator "like(any)" is not supported'],
    ['match.^a', 'operator "match" is not supported'],
    ['is.', 'expecting null or trilean value'],
    ['is.nil', 'unexpected "nil"'],
    ['is.null.x', 'unexpected "null.x"'],
    ['in.1,2', 'expecting "(" to open the list'],
    ['in.(1,2', 'expecting "," or ")"'],
    ['in.(1,2))', 'expecting end of input'],
    ['in.(1,2)x', 'expecting end of input'],
    ['in.("a"b)', 'expecting "," or ")"'],
    ['in.(a(b))', 'reserved character "("'],
  ])('refuses %j', (input, details) => {
    const error = parseError(() => parseFilterParam('c', input));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toBe(`"failed to parse filter (${input})"`);
    expect(error.details).toContain(details);
  });
});
