import { sql, type RawBuilder } from 'kysely';
import { SEARCH_CANDIDATE_KEY, type DatabaseHandle } from '../../../db/dialects/types';
import type { Condition, FilterCondition } from '../../../lib/postgrest';
import type { dynamicDb } from '../table-request';
import type { TablePolicy } from '../tables/types';
import type { FilterOperands } from './bind-conditions';
import type { TableQuery } from './candidates';

/**
 * The keys of every row a read's search can match, when its database can list them from a
 * search index: for the first top-level filter, or `or` of filters, that the database answers
 * from its index in every branch (Explore's `or=(title.ilike.*x*,description.ilike.*x*)`).
 * Null otherwise. Rows outside the list fail that condition, and the condition is ANDed with
 * the rest, so the read's answer is the same from the list as from the whole table.
 */
export function searchCandidates(
  filters: readonly Condition[],
  operands: ReadonlyMap<FilterCondition, FilterOperands>,
  database: DatabaseHandle,
): RawBuilder<unknown> | null {
  const rowsOf = (condition: Condition): RawBuilder<unknown>[] | null => {
    if (condition.negated) return null;
    if (condition.kind === 'group') {
      if (condition.operator !== 'or' || condition.conditions.length === 0) return null;
      const lists = condition.conditions.map(rowsOf);
      return lists.every((list) => list !== null) ? lists.flat() : null;
    }
    const bound = operands.get(condition);
    if (!bound?.form || !database.searchCandidates) return null;
    const rows = database.searchCandidates(bound.form, bound.operands[0]);
    return rows ? [rows] : null;
  };
  for (const condition of filters) {
    const lists = rowsOf(condition);
    if (lists) return sql.join(lists, sql` union `);
  }
  return null;
}

/**
 * `(candidates) cross join <table>`: the read starts from the few rows its search index listed,
 * each found by its rowid, rather than walking the table's newest-first index and testing every
 * row, which for a text no row holds was all of them (130 searches a second at 100,000
 * projects). CROSS JOIN keeps SQLite's join in that order; the caller applies every filter.
 */
export function fromSearchCandidates(
  db: ReturnType<typeof dynamicDb>,
  policy: TablePolicy,
  candidates: RawBuilder<unknown>,
): TableQuery {
  return db
    .selectFrom(sql`(${candidates})`.as('candidates'))
    .crossJoin(policy.name)
    .whereRef(
      `${policy.name}.rowid`,
      '=',
      `candidates.${SEARCH_CANDIDATE_KEY}`,
    ) as unknown as TableQuery;
}
