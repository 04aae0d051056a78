import type { RequestUser } from '../../../plugins/authentication';
import type { SelectItem } from '../../../lib/postgrest';
import type { Row, TablePolicy } from '../tables/types';
import { findColumnRule, requireColumn } from './column-expression';

export interface OutputColumn {
  column: string;
  alias: string;
}

/** `select=*` is every column; otherwise the named ones, each under its alias. */
export function expandSelect(policy: TablePolicy, select: SelectItem[]): OutputColumn[] {
  const output: OutputColumn[] = [];
  for (const item of select) {
    if (item.kind === 'star') {
      for (const column of Object.keys(policy.columns)) output.push({ column, alias: column });
    } else {
      requireColumn(policy, item.column);
      output.push({ column: item.column, alias: item.alias ?? item.column });
    }
  }
  return output;
}

/**
 * Shapes a row a write returned: the selected columns under their aliases, owner-only columns
 * blanked unless the row is the user's own (reads do the same in SQL).
 */
export function projectRow(
  row: Row,
  columns: OutputColumn[],
  policy: TablePolicy,
  user: RequestUser,
): Row {
  const owned = !policy.ownerColumn || row[policy.ownerColumn] === user.id;
  const shaped: Row = {};
  for (const { column, alias } of columns) {
    shaped[alias] =
      findColumnRule(policy, column)?.ownerOnly && !owned ? null : (row[column] ?? null);
  }
  return shaped;
}
