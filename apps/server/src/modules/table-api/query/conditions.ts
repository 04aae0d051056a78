import type { Expression, SqlBool } from 'kysely';
import type { DatabaseHandle } from '../../../db/dialects/types';
import type { Condition, FilterCondition } from '../../../lib/postgrest';
import type { ReadingUser, TableExpressions, TablePolicy } from '../tables/types';
import type { FilterOperands } from './bind-conditions';
import { columnExpression } from './column-expression';

export interface CompileContext {
  policy: TablePolicy;
  /** The user as the SQL sees them: while a compiled read is built, `id` is a placeholder. */
  user: ReadingUser;
  database: DatabaseHandle;
  /** Each filter's checked and bound operands (./bind-conditions.ts). */
  operands: Map<FilterCondition, FilterOperands>;
}

const COMPARISONS = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function compileFilter(eb: TableExpressions, filter: FilterCondition, context: CompileContext) {
  const bound = context.operands.get(filter);
  if (!bound) throw new Error(`Filter on "${filter.column}" was compiled without being bound`);
  const { operands, form } = bound;
  const column = columnExpression(eb, context.policy, filter.column, context.user);
  switch (filter.operator) {
    case 'like':
    case 'ilike':
      return context.database.matchPattern(
        column,
        form!,
        operands[0],
        lowerCasedCopy(eb, filter, context),
      );
    case 'in':
      // An empty list matches nothing, as in PostgreSQL.
      return operands.length === 0 ? eb.lit(false) : eb(column, 'in', operands);
    case 'is':
      return eb(column, 'is', null);
    default:
      return eb(column, COMPARISONS[filter.operator], operands[0]);
  }
}

/** The filtered column's lower-cased copy, where the table keeps one (TablePolicy.lowerCasedCopies). */
function lowerCasedCopy(eb: TableExpressions, filter: FilterCondition, context: CompileContext) {
  const { policy, user } = context;
  // `like` keeps case, so only `ilike` may read the copy.
  if (filter.operator !== 'ilike' || !policy.lowerCasedCopies?.includes(filter.column)) {
    return undefined;
  }
  return columnExpression(eb, policy, filter.column, user, `${filter.column}_lower`);
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

/**
 * Every request filter and the policy's row filter, ANDed. The request's filters come first:
 * SQLite tests the terms in the order written, and a search through its index (db/dialects/
 * sqlite-search.ts) only spares reading a row if its rowid is compared before a term that reads
 * the row, as the row filter's do (hidden, blocked). PostgreSQL orders the terms itself.
 */
export function compileWhere(
  eb: TableExpressions,
  rowFilter: Expression<SqlBool>,
  filters: Condition[],
  context: CompileContext,
): Expression<SqlBool> {
  return eb.and([...filters.map((filter) => compileCondition(eb, filter, context)), rowFilter]);
}
