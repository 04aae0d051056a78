import { sql, type RawBuilder } from 'kysely';
import type { OrderTerm } from '../../../lib/postgrest';
import { dynamicDb, type TableRequest } from '../table-request';
import type { TablePolicy } from '../tables/types';
import { fromCandidates, type RowFilter, type TableQuery } from './candidates';
import { columnExpression, findColumnRule } from './column-expression';
import type { CompileContext } from './conditions';
import { afterCursor } from './keyset';
import { fromSearchCandidates } from './search-candidates';
import type { OutputColumn } from './select-list';

/** What a read's queries are built from: no user, no body. */
export type ReadSource = Pick<TableRequest, 'policy' | 'parsed' | 'database'>;

function canBeNull(policy: TablePolicy, column: string): boolean {
  const rule = findColumnRule(policy, column);
  return !rule || rule.nullable || Boolean(rule.ownerOnly);
}

/** A read's page, decided: its filters, columns, order and bound position. */
export interface PageQuery {
  where: RowFilter;
  output: OutputColumn[];
  keyset: OrderTerm[] | null;
  /** Cursor keys the output lacks, selected under aliases of their own. */
  extraKeys: OutputColumn[];
  limit: number;
  /** Bound: the cursor's values, one per keyset term. */
  cursor: unknown[] | null;
  /** Bound, or written into the SQL with a search's values (DatabaseHandle.valueInSql). */
  offset: number;
  /** For an `or` of equalities, the filters with each branch in its place (query/candidates.ts). */
  branches: RowFilter[] | null;
  /** The keys of the few rows a search index says the filters can match (search-candidates.ts). */
  searched: RawBuilder<unknown> | null;
}

/** The table, or the few rows of it the read's search can match. */
function fromTable(request: ReadSource, searched: RawBuilder<unknown> | null) {
  const db = dynamicDb(request.database);
  return searched
    ? fromSearchCandidates(db, request.policy, searched)
    : db.selectFrom(request.policy.name);
}

/** The page of rows: the asked-for columns plus the cursor's keys, ordered and limited. */
export function selectPage(request: ReadSource, page: PageQuery, context: CompileContext) {
  const { policy, parsed } = request;
  const { output, keyset, extraKeys, cursor } = page;
  const { user } = context;
  const db = dynamicDb(request.database);
  const afterPosition =
    (filter: RowFilter): RowFilter =>
    (eb) =>
      cursor && keyset
        ? eb.and([filter(eb), afterCursor(eb, keyset, cursor, context)])
        : filter(eb);
  const terms = keyset ?? parsed.order;
  const inPageOrder = <Query extends TableQuery>(query: Query): Query => {
    let ordered = query;
    for (const term of terms) {
      ordered = ordered.orderBy(
        (eb) => columnExpression(eb, policy, term.column, user),
        (ob) => {
          const directed = term.direction === 'desc' ? ob.desc() : ob.asc();
          // Where nulls cannot occur the clause is left out: SQLite and PostgreSQL place nulls at
          // opposite ends by default, and an explicit clause SQLite doesn't expect stops it from
          // reading the order straight from an index.
          if (!canBeNull(policy, term.column)) return directed;
          return term.nulls === 'first' ? directed.nullsFirst() : directed.nullsLast();
        },
      ) as Query;
    }
    return ordered;
  };
  // A search's few rows first: they are fewer than any branch's page can be.
  const from =
    page.branches && !page.searched
      ? fromCandidates(db, policy, page.branches.map(afterPosition), inPageOrder, page.limit)
      : fromTable(request, page.searched);
  const query = from
    .where(afterPosition(page.where))
    .select((eb) => [
      ...output.map(({ column, alias }) => columnExpression(eb, policy, column, user).as(alias)),
      ...extraKeys.map(({ column, alias }) => eb.ref(`${policy.name}.${column}`).as(alias)),
    ]);
  // A literal: SQLite prepares a statement again on every run when its LIMIT is a parameter.
  return inPageOrder(query).limit(sql.lit(page.limit)).offset(page.offset);
}

/** How many rows the read's filters and the policy let through. */
export function countRows(
  request: ReadSource,
  where: RowFilter,
  searched: RawBuilder<unknown> | null,
) {
  return fromTable(request, searched)
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'));
}
