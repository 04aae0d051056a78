import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Condition, GroupCondition } from '../../../lib/postgrest';
import type { DynamicDatabase, TableExpressions, TablePolicy } from '../tables/types';
import type { dynamicDb } from '../table-request';

// More branches would make a union longer than the scan it replaces is likely to be.
const MAX_BRANCHES = 4;
const CANDIDATE = 'candidate_key';

type Db = ReturnType<typeof dynamicDb>;
/** The rows a query keeps, as a WHERE built on the table's expressions. */
export type RowFilter = (eb: TableExpressions) => Expression<SqlBool>;
/** A query of a policy's table, whatever it selects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any selection of the table
export type TableQuery = SelectQueryBuilder<DynamicDatabase, string, any>;

/**
 * The first top-level `or` whose branches are all plain equalities: Explore's and Find
 * Collaborators' "nearby", `or=(university.eq.X,city.eq.Y)`.
 */
export function splittableOr(filters: readonly Condition[]): GroupCondition | null {
  const group = filters.find(
    (condition): condition is GroupCondition =>
      condition.kind === 'group' &&
      condition.operator === 'or' &&
      !condition.negated &&
      condition.conditions.length > 1 &&
      condition.conditions.length <= MAX_BRANCHES &&
      condition.conditions.every(
        (branch) => branch.kind === 'filter' && branch.operator === 'eq' && !branch.negated,
      ),
  );
  return group ?? null;
}

/** The filters with the `or` group replaced by one of its branches. */
export function withBranch(
  filters: readonly Condition[],
  group: GroupCondition,
  branch: Condition,
): Condition[] {
  return filters.map((condition) => (condition === group ? branch : condition));
}

/**
 * `candidates cross join <table>`, for a page whose filters hold an `or` of equalities: the
 * candidates are the first `limit` keys of each branch, each read in page order from an index
 * of its own. The page is among them, since a row among the first `limit` of all branches is
 * among the first `limit` of its own branch; the caller still applies every filter and the
 * order to them.
 *
 * SQLite walks one index per table in a query, so the `or` alone made it read the table's
 * ordered index and test both sides on every row until a page matched: on a small campus, most
 * of the table. CROSS JOIN makes it start from the few candidates; PostgreSQL plans the join
 * itself.
 */
export function fromCandidates(
  db: Db,
  policy: TablePolicy,
  branches: readonly RowFilter[],
  inPageOrder: (query: TableQuery) => TableQuery,
  limit: number,
): TableQuery {
  const key = `${policy.name}.${policy.primaryKey}`;
  // SQLite allows no ORDER BY or LIMIT on a member of a UNION, so each sits in a subquery.
  const [first, ...others] = branches.map((branch, index) => {
    const keys = db
      .selectFrom(policy.name)
      .where(branch)
      .select((eb) => eb.ref(key).as(CANDIDATE));
    return db
      .selectFrom(inPageOrder(keys).limit(sql.lit(limit)).as(`branch_${index}`))
      .select(CANDIDATE);
  });
  const union = others.reduce((all, next) => all.union(next), first!);
  return db
    .selectFrom(union.as('candidates'))
    .crossJoin(policy.name)
    .whereRef(key, '=', `candidates.${CANDIDATE}`) as unknown as TableQuery;
}
