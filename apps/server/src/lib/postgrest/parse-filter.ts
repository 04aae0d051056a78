import { describeFailure, ParseFailure } from './errors';
import { readIsValue, readListValue, readScalarValue, toLikePattern } from './parse-value';
import type { ValueContext } from './parse-value';
import { Scanner } from './scanner';
import type { ComparisonOperator, FilterCondition, FilterOperation } from './types';

const COMPARISON_OPERATORS: ReadonlySet<string> = new Set<ComparisonOperator>([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
]);

// Valid PostgREST operators this server does not implement: named so the error says
// "not supported" rather than implying a typo.
const UNSUPPORTED_OPERATORS: ReadonlySet<string> = new Set([
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'match',
  'imatch',
  'isdistinct',
  'fts',
  'plfts',
  'phfts',
  'wfts',
]);

/** Parses `[not.]op.value` from the scanner's position; the caller checks what follows. */
export function readOperation(scanner: Scanner, context: ValueContext): FilterOperation {
  let negated = scanner.consume('not.');
  const name = scanner.readUntil(context === 'param' ? '.' : '.,)');
  checkOperatorName(name);
  if (!scanner.consume('.')) scanner.fail(`delimiter (.) after the operator "${name}"`);

  let operator = name;
  if (name === 'not_in') {
    // `not_in.(...)` is this server's alias for `not.in.(...)`; negating the alias is ambiguous.
    if (negated) throw new ParseFailure('"not_in" cannot be combined with "not."');
    operator = 'in';
    negated = true;
  }
  if (operator === 'in') return { operator, value: readListValue(scanner), negated };
  if (operator === 'is') return { operator, value: readIsValue(scanner, context), negated };
  if (!isComparisonOperator(operator)) throw new ParseFailure(`unknown operator "${name}"`);
  const value = readScalarValue(scanner, context);
  return {
    operator,
    value: operator === 'like' || operator === 'ilike' ? toLikePattern(value) : value,
    negated,
  };
}

/** Parses the value of a filter parameter such as `age=gte.18` for the given column. */
export function parseFilterParam(column: string, value: string): FilterCondition {
  return describeFailure(`failed to parse filter (${value})`, () => {
    const scanner = new Scanner(value);
    const operation = readOperation(scanner, 'param');
    // PostgREST's list parser tolerates spaces after the closing parenthesis.
    scanner.skipSpaces();
    if (!scanner.atEnd()) scanner.fail('end of input');
    return { kind: 'filter', column, ...operation };
  });
}

function isComparisonOperator(name: string): name is ComparisonOperator {
  return COMPARISON_OPERATORS.has(name);
}

function checkOperatorName(name: string): void {
  if (COMPARISON_OPERATORS.has(name) || name === 'in' || name === 'is' || name === 'not_in') return;
  if (name === '') throw new ParseFailure('expecting an operator (eq, gt, ...) before "."');
  const base = name.replace(/\(.*$/, '');
  if (UNSUPPORTED_OPERATORS.has(base) || COMPARISON_OPERATORS.has(base)) {
    throw new ParseFailure(`operator "${name}" is not supported`);
  }
  throw new ParseFailure(
    `unknown operator "${name}", expecting one of eq, neq, gt, gte, lt, lte, like, ilike, is, in, not_in (optionally prefixed by "not.")`,
  );
}
