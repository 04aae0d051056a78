import { describeFailure, ParseFailure } from './errors';
import { parseIdentifier } from './identifier';
import { readOperation } from './parse-filter';
import { readQuotedValue } from './parse-value';
import { Scanner } from './scanner';
import type { Condition, GroupCondition } from './types';

export type LogicParamName = 'or' | 'and' | 'not.or' | 'not.and';

const LOGIC_PARAMS: ReadonlySet<string> = new Set<LogicParamName>([
  'or',
  'and',
  'not.or',
  'not.and',
]);

// Nesting is unbounded in PostgREST; a cap keeps a hostile URL from exhausting the stack.
const MAX_DEPTH = 64;

const GROUP_START = /^(not\.)?(and|or)[ \t]*\(/;

export function isLogicParam(key: string): key is LogicParamName {
  return LOGIC_PARAMS.has(key);
}

/**
 * Parses `or=(a.eq.1,b.gt.2)`, `not.and=(...)` and nested `and(...)`, `not.or(...)` groups.
 * Inside a group each condition is `column.[not.]op.value`, and values end at `,` or `)`
 * unless double-quoted.
 */
export function parseLogicParam(key: LogicParamName, value: string): GroupCondition {
  return describeFailure(`failed to parse logic tree (${value})`, () => {
    const scanner = new Scanner(value);
    const negated = key.startsWith('not.');
    const group = readGroupBody(scanner, negated ? key.slice(4) : key, negated, 1);
    scanner.skipSpaces();
    if (!scanner.atEnd()) scanner.fail('end of input');
    return group;
  });
}

function readGroupBody(
  scanner: Scanner,
  operator: string,
  negated: boolean,
  depth: number,
): GroupCondition {
  if (depth > MAX_DEPTH) throw new ParseFailure(`logic tree nested deeper than ${MAX_DEPTH}`);
  scanner.skipSpaces();
  scanner.expect('(', '"(" to open the group');
  const conditions: Condition[] = [];
  for (;;) {
    conditions.push(readCondition(scanner, depth));
    scanner.skipSpaces();
    if (scanner.consume(')')) break;
    if (!scanner.consume(',')) scanner.fail('"," or ")"');
  }
  return { kind: 'group', operator: operator === 'and' ? 'and' : 'or', negated, conditions };
}

function readCondition(scanner: Scanner, depth: number): Condition {
  scanner.skipSpaces();
  const group = GROUP_START.exec(scanner.rest());
  if (group) {
    const negated = group[1] !== undefined;
    const operator = group[2] ?? 'or';
    scanner.position += (negated ? 'not.'.length : 0) + operator.length;
    return readGroupBody(scanner, operator, negated, depth + 1);
  }
  const column = readColumn(scanner);
  if (scanner.peek() === '(') scanner.fail('logic operator (and, or) before "("');
  scanner.expect('.', 'delimiter (.) after the column name');
  return { kind: 'filter', column, ...readOperation(scanner, 'logic') };
}

function readColumn(scanner: Scanner): string {
  const start = scanner.position;
  if (scanner.peek() === '"') readQuotedValue(scanner);
  else scanner.readUntil('.,()');
  const raw = scanner.input.slice(start, scanner.position);
  if (raw.trim() === '') {
    scanner.fail('a condition: column.operator.value, and(...), or(...) or not.');
  }
  return parseIdentifier(raw);
}
