import { NEXT_CURSOR_HEADER } from '@campuscollab/shared';
import type { ShapedQuery } from '../../db/compiled-queries/define-query';
import {
  encodeCursor,
  PostgrestCode,
  PostgrestError,
  requestShape,
  shapeKey,
} from '../../lib/postgrest';
import type { Condition, OrderTerm, ParsedRequest, ShapeKey } from '../../lib/postgrest';
import type { RequestUser } from '../../plugins/authentication';
import { rethrowAsPostgrestError } from './database-errors';
import {
  bindConditions,
  filtersOn,
  hasPattern,
  type BoundConditions,
} from './query/bind-conditions';
import { splittableOr, withBranch, type RowFilter } from './query/candidates';
import { Bindings } from './query/bindings';
import { compileWhere, type CompileContext } from './query/conditions';
import { cursorKeys, extraCursorKeys } from './query/cursor-keys';
import { keysetOrder } from './query/keyset';
import { countRows, selectPage, type PageQuery, type ReadSource } from './query/page-query';
import { expandSelect, type OutputColumn } from './query/select-list';
import { searchCandidates } from './query/search-candidates';
import {
  baseHeaders,
  contentRange,
  singularError,
  type TableRequest,
  type TableResponse,
} from './table-request';
import type { Row, TablePolicy } from './tables/types';

/** A keyset order is possible when every column can be compared; otherwise no cursor is offered. */
function tryKeysetOrder(request: ReadSource): OrderTerm[] | null {
  if (request.parsed.order.length === 0) return null;
  try {
    return keysetOrder(request.policy, request.parsed.order);
  } catch (error) {
    if (request.parsed.cursor) throw error;
    return null;
  }
}

/**
 * The keys a read's queries are compiled under: the whole parsed request with its values left
 * out (lib/postgrest/shape-key.ts), and here everything else their SQL depends on. Anything new
 * that shapes a read's SQL is added here, or one request could run with SQL built for another:
 * the table (its policy's row filter and columns), which of the read's queries, and the form of
 * each pattern match, the one thing a value decides, and the values where the database writes
 * them into the SQL (PostgreSQL, for a read with a search). The database is not named: each
 * keeps its own compiled queries. Nor is the method: GET and HEAD read alike, and where a parse
 * treats them apart (the Range header) the parsed request says so.
 */
function readShapeKeys(
  request: ReadSource,
  filters: BoundConditions,
  bindings: Bindings,
): Record<'page' | 'count', ShapeKey> {
  const shape = requestShape(request.parsed);
  const { patternForms } = filters;
  const valuesInSql = bindings.written ?? [];
  const keyOf = (query: 'page' | 'count') =>
    shapeKey(shape, { table: request.policy.name, query, patternForms, valuesInSql });
  return { page: keyOf('page'), count: keyOf('count') };
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
  page: ShapedQuery<Row> | null;
  count: ShapedQuery<{ count: number | string }> | null;
  keyset: OrderTerm[] | null;
  output: OutputColumn[];
  extraKeys: OutputColumn[];
  /** The asked-for keys of each row, in order. */
  aliases: string[];
  offset: number;
  limit: number;
}

/** GET and HEAD, decided: the rows the policy lets a user see, filtered, ordered and paged. */
export function prepareRead(request: ReadSource): PreparedRead {
  const { policy, parsed, database } = request;
  // Values are bound before any SQL is built, in the order the SQL uses them: the user, the
  // filters, the cursor, the offset.
  // A search on PostgreSQL is planned for its values, and so is a read of one campus
  // (TablePolicy.plannedPerValue): they are written into the SQL, all but the reader's id and a
  // cursor's position (DatabaseHandle.valueInSql).
  const plannedForValues =
    hasPattern(parsed.filters) || filtersOn(parsed.filters, policy.plannedPerValue ?? []);
  const writeValues = plannedForValues ? database.valueInSql : undefined;
  const bindings = Bindings.forCompiledQuery(writeValues);
  const readingUser = { id: bindings.bind<string>('') };
  const filters = bindConditions(parsed.filters, { policy, database, bindings });
  const context: CompileContext = {
    policy,
    user: readingUser,
    database,
    operands: filters.operands,
  };
  const rowsWhere =
    (conditions: Condition[]): RowFilter =>
    (eb) =>
      compileWhere(eb, policy.canRead(eb, readingUser), conditions, context);
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
  const searched = searchCandidates(parsed.filters, filters.operands, database);
  const page: PageQuery = {
    where,
    output,
    keyset,
    extraKeys,
    limit,
    cursor,
    offset: bindings.value(offset),
    branches: split
      ? split.conditions.map((branch) => rowsWhere(withBranch(parsed.filters, split, branch)))
      : null,
    searched,
  };

  // `limit=0` with a count asks for the number alone (the dashboard's figures): no rows to
  // read. The count runs the same filters, so a bad one fails the same way.
  const countOnly = limit === 0 && parsed.preferences.count;
  const keys = readShapeKeys(request, filters, bindings);
  // The values written into the SQL are part of the keys, so equal keys agree on this too.
  const holdsWords = bindings.written !== null;
  return {
    parsed,
    policy,
    values: bindings.values,
    page: countOnly
      ? null
      : { shape: keys.page, build: () => selectPage(request, page, context), holdsWords },
    count: parsed.preferences.count
      ? { shape: keys.count, build: () => countRows(request, where, searched), holdsWords }
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
  const { compiledQueries } = database;
  let rows: Row[] = [];
  let total: number | null = null;
  // No closures made here, on every read: under tsx each also gets its name set (esbuild's
  // keepNames), which showed in a small read's profile.
  try {
    if (read.page) rows = await compiledQueries.rows(read.page, values);
    if (read.count) {
      const counted = await compiledQueries.rows(read.count, values);
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
