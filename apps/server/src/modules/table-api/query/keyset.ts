import type { Expression, SqlBool } from 'kysely';
import {
  PostgrestCode,
  PostgrestError,
  withKeyColumn,
  type OrderTerm,
} from '../../../lib/postgrest';
import type { TableExpressions, TablePolicy } from '../tables/types';
import type { CompileContext } from './conditions';
import { columnExpression, findColumnRule } from './column-expression';

/**
 * The order keyset pagination walks: the requested order plus the primary key as a tiebreaker,
 * so every row has exactly one place. Nullable and owner-only columns cannot be walked by
 * comparison, so they are refused here rather than skipping rows silently.
 */
export function keysetOrder(policy: TablePolicy, order: OrderTerm[]): OrderTerm[] {
  for (const term of order) {
    const rule = findColumnRule(policy, term.column);
    if (rule?.nullable || rule?.ownerOnly) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.invalidQuery,
        message: 'Invalid cursor',
        details: `cursor pagination cannot order by "${term.column}", which can be null`,
      });
    }
  }
  return withKeyColumn(order, policy.primaryKey);
}

/** Rows strictly after the cursor: (a > x) or (a = x and b > y) or ..., per direction. */
export function afterCursor(
  eb: TableExpressions,
  order: OrderTerm[],
  values: unknown[],
  context: CompileContext,
): Expression<SqlBool> {
  if (values.length !== order.length) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.invalidQuery,
      message: 'Invalid cursor',
      details: null,
    });
  }
  const column = (index: number) =>
    columnExpression(eb, context.policy, order[index]!.column, context.user);
  const branches = order.map((term, index) => {
    const equalBefore = order
      .slice(0, index)
      .map((_, before) => eb(column(before), '=', values[before] as string | number));
    const step = eb(
      column(index),
      term.direction === 'asc' ? '>' : '<',
      values[index] as string | number,
    );
    return eb.and([...equalBefore, step]);
  });
  return eb.or(branches);
}
