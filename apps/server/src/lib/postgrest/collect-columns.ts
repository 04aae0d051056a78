import type { Condition, ParsedRequest } from './types';

/**
 * Lists every column a request names (select, filters at any depth, order, columns,
 * on_conflict), each once in first-seen order, so the caller can check them against the
 * schema in one place. Aliases are output names, not columns, and are left out.
 */
export function listReferencedColumns(
  request: Pick<ParsedRequest, 'select' | 'filters' | 'order' | 'columns' | 'onConflict'>,
): string[] {
  const columns = new Set<string>();
  for (const item of request.select) if (item.kind === 'column') columns.add(item.column);
  for (const condition of request.filters) addConditionColumns(condition, columns);
  for (const term of request.order) columns.add(term.column);
  for (const column of request.columns ?? []) columns.add(column);
  for (const column of request.onConflict ?? []) columns.add(column);
  return [...columns];
}

function addConditionColumns(condition: Condition, columns: Set<string>): void {
  if (condition.kind === 'filter') {
    columns.add(condition.column);
    return;
  }
  for (const child of condition.conditions) addConditionColumns(child, columns);
}
