import { NEXT_CURSOR_HEADER } from '@campuscollab/shared';
import { sql, type Compilable } from 'kysely';
import { encodeCursor, PostgrestCode, PostgrestError } from '../../lib/postgrest';
import type { Condition, OrderTerm, ParsedRequest } from '../../lib/postgrest';
import type { RequestUser } from '../../plugins/authentication';
import { rethrowAsPostgrestError } from './database-errors';
import { bindConditions } from './query/bind-conditions';
import {
  fromCandidates,
  splittableOr,
  withBranch,
  type RowFilter,
  type TableQuery,
} from './query/candidates';
import { Bindings } from './query/bindings';
import { cursorKeys, extraCursorKeys } from './query/cursor-keys';
import { afterCursor, keysetOrder } from './query/keyset';
import { columnExpression, findColumnRule } from './query/column-expression';
import { compileWhere, type CompileContext } from './query/conditions';
import { runPlan } from '../../db/plans';
import { expandSelect, type OutputColumn } from './query/select-list';
import {
  baseHeaders,
  contentRange,
  dynamicDb,
  singularError,
  type TableRequest,
  type TableResponse,
} from './table-request';
import type { Row, TablePolicy } from './tables/types';

function canBeNull(policy: TableRequest['policy'], column: string): boolean {
  const rule = findColumnRule(policy, column);
  return !rule || rule.nullable || Boolean(rule.ownerOnly);
}

/** A keyset order is possible when every column can be compared; otherwise no cursor is offered. */
function tryKeysetOrder(request: ReadRequest): OrderTerm[] | null {
  if (request.parsed.order.length === 0) return null;
  try {
    return keysetOrder(request.policy, request.parsed.order);
  } catch (error) {
    if (request.parsed.cursor) throw error;
    return null;
  }
}

interface PageQuery {
  where: RowFilter;
  output: OutputColumn[];
  keyset: OrderTerm[] | null;
  /** Cursor keys the output lacks, selected under aliases of their own. */
  extraKeys: OutputColumn[];
  limit: number;
  /** Bound: the cursor's values, one per keyset term, and the offset. */
  cursor: unknown[] | null;
  offset: number;
  /** For an `or` of equalities, the filters with each branch in its place (query/candidates.ts). */
  branches: RowFilter[] | null;
}

/** The page of rows: the asked-for columns plus the cursor's keys, ordered and limited. */
function selectPage(request: ReadRequest, page: PageQuery, context: CompileContext) {
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
  const from = page.branches
    ? fromCandidates(db, policy, page.branches.map(afterPosition), inPageOrder, page.limit)
    : db.selectFrom(policy.name);
  const query = from
    .where(afterPosition(page.where))
    .select((eb) => [
      ...output.map(({ column, alias }) => columnExpression(eb, policy, column, user).as(alias)),
      ...extraKeys.map(({ column, alias }) => eb.ref(`${policy.name}.${column}`).as(alias)),
    ]);
  // A literal: SQLite prepares a statement again on every run when its LIMIT is a parameter.
  return inPageOrder(query).limit(sql.lit(page.limit)).offset(page.offset);
}

function countRows(request: ReadRequest, where: RowFilter) {
  return dynamicDb(request.database)
    .selectFrom(request.policy.name)
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'));
}

/** What shapes a read's SQL besides its filters (see db/plans.ts). */
function selectKey(parsed: ParsedRequest): string {
  return parsed.select
    .map((item) => (item.kind === 'star' ? '*' : `${item.column}:${item.alias ?? ''}`))
    .join(',');
}

function orderKey(order: OrderTerm[]): string {
  return order.map((term) => `${term.column}.${term.direction}.${term.nulls}`).join(',');
}

/** The SQL of one of a read's queries: its plan's key and how to build it (db/plans.ts). */
interface PlannedQuery {
  key: string;
  build: () => Compilable;
}

/**
 * A read with everything decided but whose it is: its queries and the values they bind, less
 * the user's id. It depends only on the table, the query string and the headers a parse reads
 * (REQUEST_HEADERS), so a request seen before skips straight to running it (prepared-reads.ts).
 */
export interface PreparedRead {
  parsed: ParsedRequest;
  policy: TablePolicy;
  /** Bound values; the first stands for the user's id, which `runRead` puts in its place. */
  values: readonly unknown[];
  /** Null when only the count was asked for. */
  page: PlannedQuery | null;
  count: PlannedQuery | null;
  keyset: OrderTerm[] | null;
  output: OutputColumn[];
  extraKeys: OutputColumn[];
  /** The asked-for keys of each row, in order. */
  aliases: string[];
  offset: number;
  limit: number;
}

/** What a read is prepared from: no user, no body. */
export type ReadRequest = Pick<TableRequest, 'policy' | 'parsed' | 'database'>;

/** GET and HEAD, decided: the rows the policy lets a user see, filtered, ordered and paged. */
export function prepareRead(request: ReadRequest): PreparedRead {
  const { policy, parsed, database } = request;
  // Values are bound before any SQL is built, in an order the plan keys below determine: the
  // user, the filters, the cursor, the offset.
  const bindings = new Bindings(false);
  const planUser = { id: bindings.bind<string>('') };
  const filters = bindConditions(parsed.filters, { policy, database, bindings });
  const context: CompileContext = { policy, user: planUser, database, operands: filters.operands };
  const rowsWhere =
    (conditions: Condition[]): RowFilter =>
    (eb) =>
      compileWhere(eb, policy.canRead(eb, planUser), conditions, context);
  const where = rowsWhere(parsed.filters);
  const output = expandSelect(policy, parsed.select);
  const keyset = tryKeysetOrder(request);
  const limit = parsed.range.limit ?? parsed.range.maxLimit;
  const offset = parsed.range.offset;
  const cursor =
    parsed.cursor && keyset ? parsed.cursor.values.map((value) => bindings.bind(value)) : null;
  // A union of pages needs every row to have one place (the keyset's order) and no offset.
  const split = keyset && offset === 0 ? splittableOr(parsed.filters) : null;
  const extraKeys = extraCursorKeys(keyset, output);
  const page: PageQuery = {
    where,
    output,
    keyset,
    extraKeys,
    limit,
    cursor,
    offset: bindings.bind(offset),
    branches: split
      ? split.conditions.map((branch) => rowsWhere(withBranch(parsed.filters, split, branch)))
      : null,
  };

  // `limit=0` with a count asks for the number alone (the dashboard's figures): no rows to
  // read. The count runs the same filters, so a bad one fails the same way.
  const countOnly = limit === 0 && parsed.preferences.count;
  const pageKey = [
    'page',
    policy.name,
    selectKey(parsed),
    filters.key,
    orderKey(parsed.order),
    cursor ? 'after' : '',
    split ? 'candidates' : '',
    limit,
  ].join('|');
  return {
    parsed,
    policy,
    values: bindings.values,
    page: countOnly ? null : { key: pageKey, build: () => selectPage(request, page, context) },
    count: parsed.preferences.count
      ? { key: `count|${policy.name}|${filters.key}`, build: () => countRows(request, where) }
      : null,
    keyset,
    output,
    extraKeys,
    aliases: output.map(({ alias }) => alias),
    offset,
    limit,
  };
}

/** What running a prepared read needs besides the user. */
export type ReadContext = Pick<TableRequest, 'database' | 'cursorSecret'>;

/** Runs a prepared read for this user. */
export async function runRead(
  read: PreparedRead,
  user: RequestUser,
  { database, cursorSecret }: ReadContext,
): Promise<TableResponse> {
  const { parsed, policy, keyset, output, offset, limit } = read;
  const values = read.values.with(0, user.id);
  const db = dynamicDb(database);
  let rows: Row[] = [];
  let total: number | null = null;
  // No closures made here, on every read: under tsx each also gets its name set (esbuild's
  // keepNames), a cost paid on every read (decision 011).
  try {
    if (read.page) rows = await runPlan<Row>(db, read.page.key, values, read.page.build);
    if (read.count) {
      const counted = await runPlan<{ count: number | string }>(
        db,
        read.count.key,
        values,
        read.count.build,
      );
      total = Number(counted[0]?.count ?? 0);
    }
  } catch (error) {
    rethrowAsPostgrestError(database, error);
  }

  const headers = baseHeaders(read);
  headers['content-range'] = contentRange(offset, rows.length, total);
  const last = rows.at(-1);
  if (keyset && last && rows.length === limit) {
    const lastKeys = cursorKeys(keyset, output).map(({ alias }) => last[alias]);
    headers[NEXT_CURSOR_HEADER] = encodeCursor(lastKeys, {
      secret: cursorSecret,
      order: keyset,
      scope: policy.name,
    });
  }
  // Where the cursor needed columns of its own, each row is rebuilt with the asked-for keys
  // only. Deleting the cursor keys from a copy instead turned every row into a slow dictionary
  // object, and JSON.stringify with it.
  const { aliases } = read;
  const body =
    read.extraKeys.length > 0
      ? rows.map((row) => {
          const shaped: Record<string, unknown> = {};
          for (const alias of aliases) shaped[alias] = row[alias];
          return shaped;
        })
      : rows;

  if (parsed.singular) {
    if (body.length !== 1) throw singularError(body.length);
    return { status: 200, headers, body: body[0] };
  }
  if (total !== null && offset > 0 && offset >= total) {
    throw new PostgrestError({
      status: 416,
      code: PostgrestCode.rangeNotSatisfiable,
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    });
  }
  const partial = total !== null && body.length < total;
  return { status: partial ? 206 : 200, headers, body };
}
