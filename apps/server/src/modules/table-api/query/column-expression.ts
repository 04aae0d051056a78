import type { AliasableExpression } from 'kysely';
import { PostgrestCode, PostgrestError } from '../../../lib/postgrest';
import type { ColumnRule, ReadingUser, TableExpressions, TablePolicy } from '../tables/types';

/**
 * The rule of a column the client named, or undefined. Own keys only: `policy.columns` is a plain
 * object, so `columns['constructor']` or `columns['__proto__']` would otherwise find what every
 * object inherits and let that name pass as a column.
 */
export function findColumnRule(policy: TablePolicy, column: string): ColumnRule | undefined {
  return Object.hasOwn(policy.columns, column) ? policy.columns[column] : undefined;
}

export function requireColumn(policy: TablePolicy, column: string): ColumnRule {
  const rule = findColumnRule(policy, column);
  if (!rule) {
    throw new PostgrestError({
      status: 400,
      code: PostgrestCode.unknownColumn,
      message: `Could not find the '${column}' column of '${policy.name}' in the schema cache`,
    });
  }
  return rule;
}

// Kysely expressions are immutable, so one reference per column serves every request; making
// it anew parsed "table.column" again each time (decision 011).
const references = new WeakMap<TablePolicy, Map<string, AliasableExpression<unknown>>>();

function columnRef(eb: TableExpressions, policy: TablePolicy, column: string) {
  let columns = references.get(policy);
  if (!columns) references.set(policy, (columns = new Map()));
  let ref = columns.get(column);
  if (!ref) columns.set(column, (ref = eb.ref(`${policy.name}.${column}`)));
  return ref;
}

/**
 * The expression a column reads as for this user. An owner-only column is NULL on other
 * people's rows, in the select list and in every filter and sort alike, so a filter on it
 * cannot reveal the hidden value through which rows come back. `stored` reads another column of
 * the row in its place, under the same rule (a lower-cased copy: TablePolicy.lowerCasedCopies).
 */
export function columnExpression(
  eb: TableExpressions,
  policy: TablePolicy,
  column: string,
  user: ReadingUser,
  stored = column,
): AliasableExpression<unknown> {
  const rule = requireColumn(policy, column);
  const ref = columnRef(eb, policy, stored);
  if (!rule.ownerOnly || !policy.ownerColumn) return ref;
  return eb
    .case()
    .when(eb.ref(`${policy.name}.${policy.ownerColumn}`), '=', user.id)
    .then(ref)
    .else(null)
    .end();
}
