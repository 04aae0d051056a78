import { describe, expect, it } from 'vitest';
import { PostgrestError } from './errors';
import { isLogicParam, parseLogicParam } from './parse-logic';
import type { LogicParamName } from './parse-logic';

function parseError(run: () => unknown): PostgrestError {
  try {
    run();
  } catch (error) {
    if (error instanceof PostgrestError) return error;
    throw error;
  }
  throw new Error('expected a PostgrestError');
}

const eq = (column: string, value: string, negated = false) => ({
  kind: 'filter',
  column,
  operator: 'eq',
  value,
  negated,
});

describe('isLogicParam', () => {
  it.each([
    ['or', true],
    ['and', true],
    ['not.or', true],
    ['not.and', true],
    ['xor', false],
    ['not', false],
    ['rel.or', false],
  ])('%s -> %s', (key, expected) => {
    expect(isLogicParam(key)).toBe(expected);
  });
});

describe('parseLogicParam', () => {
  it.each([
    ['or', false, 'or'],
    ['and', false, 'and'],
    ['not.or', true, 'or'],
    ['not.and', true, 'and'],
  ] as const)('reads the %s parameter', (key, negated, operator) => {
    expect(parseLogicParam(key, '(a.eq.1,b.eq.2)')).toEqual({
      kind: 'group',
      operator,
      negated,
      conditions: [eq('a', '1'), eq('b', '2')],
    });
  });

  it('reads every operator, negation and value form inside a group', () => {
    const group = parseLogicParam(
      'or',
      '(a.gt.1,b.not.lte.2,c.like.*x*,d.ilike.Y*,e.is.NULL,f.not.is.true,g.in.(1,"2,3"),h.not_in.(4),i.neq."x,y)z",j.eq.{1,2},k.eq.,l.eq.1.5)',
    );
    expect(group.conditions).toEqual([
      { kind: 'filter', column: 'a', operator: 'gt', value: '1', negated: false },
      { kind: 'filter', column: 'b', operator: 'lte', value: '2', negated: true },
      { kind: 'filter', column: 'c', operator: 'like', value: '%x%', negated: false },
      { kind: 'filter', column: 'd', operator: 'ilike', value: 'Y%', negated: false },
      { kind: 'filter', column: 'e', operator: 'is', value: null, negated: false },
      { kind: 'filter', column: 'f', operator: 'is', value: true, negated: true },
      { kind: 'filter', column: 'g', operator: 'in', value: ['1', '2,3'], negated: false },
      { kind: 'filter', column: 'h', operator: 'in', value: ['4'], negated: true },
      { kind: 'filter', column: 'i', operator: 'neq', value: 'x,y)z', negated: false },
      { kind: 'filter', column: 'j', operator: 'eq', value: '{1,2}', negated: false },
      { kind: 'filter', column: 'k', operator: 'eq', value: '', negated: false },
      { kind: 'filter', column: 'l', operator: 'eq', value: '1.5', negated: false },
    ]);
  });

  it('unescapes quoted values', () => {
    expect(parseLogicParam('or', '(a.eq."say \\"hi\\", (ok)",b.eq."back\\\\slash")')).toEqual({
      kind: 'group',
      operator: 'or',
      negated: false,
      conditions: [eq('a', 'say "hi", (ok)'), eq('b', 'back\\slash')],
    });
  });

  it('nests groups three deep', () => {
    const tree = parseLogicParam(
      'and',
      '(a.eq.1,or(b.eq.2,not.and(c.eq.3,or(d.eq.4,e.eq."5,6")),f.eq.7),not.or(g.eq.8))',
    );
    expect(tree).toEqual({
      kind: 'group',
      operator: 'and',
      negated: false,
      conditions: [
        eq('a', '1'),
        {
          kind: 'group',
          operator: 'or',
          negated: false,
          conditions: [
            eq('b', '2'),
            {
              kind: 'group',
              operator: 'and',
              negated: true,
              conditions: [
                eq('c', '3'),
                {
                  kind: 'group',
                  operator: 'or',
                  negated: false,
                  conditions: [eq('d', '4'), eq('e', '5,6')],
                },
              ],
            },
            eq('f', '7'),
          ],
        },
        { kind: 'group', operator: 'or', negated: true, conditions: [eq('g', '8')] },
      ],
    });
  });

  it('ignores spaces around conditions, separators and parentheses', () => {
    expect(parseLogicParam('or', ' ( a.eq.1 , and ( b.eq.2 ) ) ')).toEqual({
      kind: 'group',
      operator: 'or',
      negated: false,
      conditions: [
        eq('a', '1 '),
        { kind: 'group', operator: 'and', negated: false, conditions: [eq('b', '2 ')] },
      ],
    });
  });

  it('treats columns named like the logic operators as columns', () => {
    expect(parseLogicParam('or', '(or.eq.1,and.eq.2,not.eq.3)').conditions).toEqual([
      eq('or', '1'),
      eq('and', '2'),
      eq('not', '3'),
    ]);
  });

  it('accepts quoted column names', () => {
    expect(parseLogicParam('or', '("name".eq.x)').conditions).toEqual([eq('name', 'x')]);
  });

  it('caps the nesting depth', () => {
    const deep = `(${'or('.repeat(70)}a.eq.1${')'.repeat(70)})`;
    expect(parseError(() => parseLogicParam('or', deep)).details).toContain('nested deeper');
    const fine = `(${'or('.repeat(10)}a.eq.1${')'.repeat(10)})`;
    expect(parseLogicParam('or', fine).kind).toBe('group');
  });

  it.each([
    ['()', 'expecting a condition'],
    ['', 'expecting "(" to open the group'],
    ['a.eq.1', 'expecting "(" to open the group'],
    ['(a.eq.1', 'expecting "," or ")"'],
    ['(a.eq.1))', 'expecting end of input'],
    ['(a.eq.1)x', 'expecting end of input'],
    ['(a.eq.1,)', 'expecting a condition'],
    ['(a.eq.1,or(b.eq.2)', 'expecting "," or ")"'],
    ['(or)', 'expecting delimiter (.)'],
    ['(xor(a.eq.1))', 'expecting logic operator (and, or)'],
    ['(a)', 'expecting delimiter (.)'],
    ['(a.eq)', 'expecting delimiter (.) after the operator "eq"'],
    ['(a.foo.1)', 'unknown operator "foo"'],
    ['(a.eq.x(y))', 'reserved character "("'],
    ['(a.eq."open)', 'unterminated double-quoted value'],
    ['(a.eq."x"y)', 'expecting "," or ")"'],
    ['(a.in.(1,2)', 'expecting "," or ")"'],
    ['(a.is.maybe)', 'unexpected "maybe"'],
    ['(name;drop.eq.1)', '"name;drop" is not a valid column name'],
    ['(na"me.eq.1)', 'is not a valid column name'],
    ['(a b.eq.1)', '"a b" is not a valid column name'],
    ['(name--.eq.1)', '"name--" is not a valid column name'],
  ])('refuses %j', (value, details) => {
    const error = parseError(() => parseLogicParam('or', value));
    expect(error.status).toBe(400);
    expect(error.code).toBe('PGRST100');
    expect(error.message).toBe(`"failed to parse logic tree (${value})"`);
    expect(error.details).toContain(details);
  });

  it('refuses a group inside not.or for a bad operator', () => {
    const key: LogicParamName = 'not.or';
    expect(() => parseLogicParam(key, '(a.eq.1,not.xor(b.eq.2))')).toThrow(PostgrestError);
  });
});
