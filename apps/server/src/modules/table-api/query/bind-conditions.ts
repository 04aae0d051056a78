import type { DatabaseHandle } from '../../../db/dialects/types';
import {
  PostgrestCode,
  PostgrestError,
  type Condition,
  type FilterCondition,
} from '../../../lib/postgrest';
import type { ColumnRule, TablePolicy } from '../tables/types';
import { requireColumn } from './column-expression';
import type { Bindings } from './bindings';

/** A filter's bound operands, and for a pattern the database's form of match. */
export interface FilterOperands {
  operands: unknown[];
  form: string | null;
}

export interface BoundConditions {
  /**
   * Everything about the conditions that shapes their SQL (columns, operators, negations, list
   * lengths, forms of pattern match) and none of their values: requests that differ only in
   * values have the same key and can share one compiled query.
   */
  key: string;
  operands: Map<FilterCondition, FilterOperands>;
}

const INTEGER_MIN = -2_147_483_648;
const INTEGER_MAX = 2_147_483_647;

/**
 * Values arrive as text and are checked as PostgreSQL would check them, so both dialects refuse
 * the same values with the same 400 (SQLite would quietly accept them).
 */
export function coerceValue(rule: ColumnRule, column: string, value: string): string | number {
  if (value.includes('\0')) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidByteSequence,
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
      details: `column "${column}"`,
    });
  }
  if (rule.type !== 'integer') return value;
  if (!/^-?\d+$/.test(value)) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidTextRepresentation,
      message: `invalid input syntax for type integer: "${value}"`,
      details: `column "${column}"`,
    });
  }
  const number = Number(value);
  if (number < INTEGER_MIN || number > INTEGER_MAX) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.numericOutOfRange,
      message: `value "${value}" is out of range for type integer`,
      details: `column "${column}"`,
    });
  }
  return number;
}

/** A pattern may not end in a lone escape character (PostgreSQL's rule, 22025). */
function checkPattern(pattern: string): string {
  const trailing = /\\*$/.exec(pattern)?.[0].length ?? 0;
  if (trailing % 2 === 1) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidEscapeSequence,
      message: 'LIKE pattern must not end with escape character',
    });
  }
  return pattern;
}

interface BindContext {
  policy: TablePolicy;
  database: DatabaseHandle;
  bindings: Bindings;
  operands: Map<FilterCondition, FilterOperands>;
}

/** Checks a filter's value against its column and binds it; returns the filter's key. */
function bindFilter(filter: FilterCondition, context: BindContext): string {
  const rule = requireColumn(context.policy, filter.column);
  const { bindings } = context;
  const name = `${filter.column}.${filter.operator}`;
  let operands: unknown[];
  let shape = '';
  let form: string | null = null;
  switch (filter.operator) {
    case 'like':
    case 'ilike': {
      if (rule.type !== 'text') {
        throw new PostgrestError({
          status: 400,
          code: PostgrestCode.undefinedFunction,
          message: `operator does not exist: integer ${filter.operator === 'like' ? '~~' : '~~*'} unknown`,
          hint: `${filter.column} is a number; use eq, gt, lt or in`,
        });
      }
      const pattern = checkPattern(String(coerceValue(rule, filter.column, filter.value)));
      const match = context.database.patternMatch(pattern, filter.operator === 'ilike');
      operands = [bindings.bind(match.operand)];
      form = match.form;
      shape = `:${form}`;
      break;
    }
    case 'in':
      operands = filter.value.map((value) =>
        bindings.bind(coerceValue(rule, filter.column, value)),
      );
      shape = `:${operands.length}`;
      break;
    case 'is':
      if (filter.value !== null) {
        throw new PostgrestError({
          status: 400,
          code: PostgrestCode.datatypeMismatch,
          message: `argument of IS ${String(filter.value).toUpperCase()} must be type boolean, not type ${rule.type}`,
        });
      }
      operands = [];
      break;
    default:
      operands = [bindings.bind(coerceValue(rule, filter.column, filter.value))];
  }
  context.operands.set(filter, { operands, form });
  return name + shape;
}

function bindCondition(condition: Condition, context: BindContext): string {
  const key =
    condition.kind === 'filter'
      ? bindFilter(condition, context)
      : `${condition.operator}(${condition.conditions.map((inner) => bindCondition(inner, context)).join(',')})`;
  return condition.negated ? `!${key}` : key;
}

/**
 * Checks and binds every filter's values, in the order the conditions are written. Every error
 * a value can cause is raised here, so a compiled query kept for this key never meets a value
 * it was not checked for.
 */
export function bindConditions(
  conditions: Condition[],
  context: Omit<BindContext, 'operands'>,
): BoundConditions {
  const bound: BindContext = { ...context, operands: new Map() };
  const key = conditions.map((condition) => bindCondition(condition, bound));
  return { key: key.join(','), operands: bound.operands };
}
