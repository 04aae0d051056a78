import type { Expression, SqlBool } from 'kysely';
import type { DatabaseHandle } from '../../../db/dialects/types';
import { PostgrestError, type Condition, type FilterCondition } from '../../../lib/postgrest';
import type { RequestUser } from '../../../plugins/authentication';
import type { ColumnRule, TableExpressions, TablePolicy } from '../tables/types';
import { columnExpression, requireColumn } from './column-expression';

export interface CompileContext {
  policy: TablePolicy;
  user: RequestUser;
  database: DatabaseHandle;
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

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
      code: '22021',
      message: 'invalid byte sequence for encoding "UTF8": 0x00',
      details: `column "${column}"`,
    });
  }
  if (rule.type !== 'integer') return value;
  if (!/^-?\d+$/.test(value)) {
    throw new PostgrestError({
      status: 400,
      code: '22P02',
      message: `invalid input syntax for type integer: "${value}"`,
      details: `column "${column}"`,
    });
  }
  const number = Number(value);
  if (number < INTEGER_MIN || number > INTEGER_MAX) {
    throw new PostgrestError({
      status: 400,
      code: '22003',
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
      code: '22025',
      message: 'LIKE pattern must not end with escape character',
    });
  }
  return pattern;
}

function compileFilter(eb: TableExpressions, filter: FilterCondition, context: CompileContext) {
  const rule = requireColumn(context.policy, filter.column);
  const column = columnExpression(eb, context.policy, filter.column, context.user);
  switch (filter.operator) {
    case 'like':
    case 'ilike':
      if (rule.type !== 'text') {
        throw new PostgrestError({
          status: 400,
          code: '42883',
          message: `operator does not exist: integer ${filter.operator === 'like' ? '~~' : '~~*'} unknown`,
          hint: `${filter.column} is a number; use eq, gt, lt or in`,
        });
      }
      return context.database.matchPattern(
        column,
        checkPattern(String(coerceValue(rule, filter.column, filter.value))),
        filter.operator === 'ilike',
      );
    case 'in': {
      // An empty list matches nothing, as in PostgreSQL.
      if (filter.value.length === 0) return eb.lit(false);
      const values = filter.value.map((value) => coerceValue(rule, filter.column, value));
      return eb(column, 'in', values);
    }
    case 'is':
      if (filter.value !== null) {
        throw new PostgrestError({
          status: 400,
          code: '42804',
          message: `argument of IS ${String(filter.value).toUpperCase()} must be type boolean, not type ${rule.type}`,
        });
      }
      return eb(column, 'is', null);
    default:
      return eb(
        column,
        COMPARISONS[filter.operator],
        coerceValue(rule, filter.column, filter.value),
      );
  }
}

/** Compiles a condition tree; `not.` wraps the expression in NOT, with SQL's null semantics. */
export function compileCondition(
  eb: TableExpressions,
  condition: Condition,
  context: CompileContext,
): Expression<SqlBool> {
  const expression =
    condition.kind === 'filter'
      ? compileFilter(eb, condition, context)
      : condition.conditions.length === 0
        ? eb.lit(condition.operator === 'and')
        : eb[condition.operator](
            condition.conditions.map((inner) => compileCondition(eb, inner, context)),
          );
  return condition.negated ? eb.not(expression) : expression;
}

/** The policy's row filter and every request filter, ANDed. */
export function compileWhere(
  eb: TableExpressions,
  rowFilter: Expression<SqlBool>,
  filters: Condition[],
  context: CompileContext,
): Expression<SqlBool> {
  return eb.and([rowFilter, ...filters.map((filter) => compileCondition(eb, filter, context))]);
}
