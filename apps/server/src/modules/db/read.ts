import { sql } from 'kysely';
import { encodeCursor, PostgrestError } from '../../lib/postgrest';
import type { OrderTerm } from '../../lib/postgrest';
import { rethrowAsPostgrestError } from './database-errors';
import { afterCursor, keysetOrder } from './query/keyset';
import { columnExpression } from './query/column-expression';
import { compileWhere, type CompileContext } from './query/conditions';
import { expandSelect, type OutputColumn } from './query/select-list';
import {
  baseHeaders,
  contentRange,
  dynamicDb,
  singularError,
  type TableRequest,
  type TableResponse,
} from './table-request';
import type { TableExpressions } from './tables/types';

/** The header that carries the next page's cursor (keyset pagination). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';
// `$` cannot appear in a client's identifier, so these aliases never meet a client's own.
const KEY_ALIAS = '$cursor_key_';

function canBeNull(policy: TableRequest['policy'], column: string): boolean {
  const rule = policy.columns[column];
  return !rule || rule.nullable || Boolean(rule.ownerOnly);
}

/** A keyset order is possible when every column can be compared; otherwise no cursor is offered. */
function tryKeysetOrder(request: TableRequest): OrderTerm[] | null {
  if (request.parsed.order.length === 0) return null;
  try {
    return keysetOrder(request.policy, request.parsed.order);
  } catch (error) {
    if (request.parsed.cursor) throw error;
    return null;
  }
}

type RowFilter = (eb: TableExpressions) => ReturnType<typeof compileWhere>;

interface PageQuery {
  where: RowFilter;
  output: OutputColumn[];
  keyset: OrderTerm[] | null;
  limit: number;
  offset: number;
}

/** The page of rows: the asked-for columns plus the cursor's keys, ordered and limited. */
function selectPage(request: TableRequest, page: PageQuery, context: CompileContext) {
  const { policy, parsed, user } = request;
  const { where, output, keyset } = page;
  let query = dynamicDb(request.database)
    .selectFrom(policy.name)
    .where((eb) =>
      parsed.cursor && keyset
        ? eb.and([where(eb), afterCursor(eb, keyset, parsed.cursor.values, context)])
        : where(eb),
    )
    .select((eb) => [
      ...output.map(({ column, alias }) => columnExpression(eb, policy, column, user).as(alias)),
      ...(keyset ?? []).map((term, index) =>
        eb.ref(`${policy.name}.${term.column}`).as(`${KEY_ALIAS}${index}`),
      ),
    ]);
  for (const term of keyset ?? parsed.order) {
    query = query.orderBy(
      (eb) => columnExpression(eb, policy, term.column, user),
      (ob) => {
        const directed = term.direction === 'desc' ? ob.desc() : ob.asc();
        // Where nulls cannot occur the clause is left out: SQLite and PostgreSQL place nulls at
        // opposite ends by default, and an explicit clause SQLite doesn't expect stops it from
        // reading the order straight from an index.
        if (!canBeNull(policy, term.column)) return directed;
        return term.nulls === 'first' ? directed.nullsFirst() : directed.nullsLast();
      },
    );
  }
  return (
    query
      // A literal: SQLite prepares a statement again on every run when its LIMIT is a parameter.
      .limit(sql.lit(page.limit))
      .offset(page.offset)
      .execute()
      .catch((error: unknown) => rethrowAsPostgrestError(request.database, error))
  );
}

async function countRows(request: TableRequest, where: RowFilter): Promise<number> {
  const counted = await dynamicDb(request.database)
    .selectFrom(request.policy.name)
    .where(where)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
    .catch((error: unknown) => rethrowAsPostgrestError(request.database, error));
  return Number(counted.count);
}

/** GET and HEAD: the rows the policy lets this user see, filtered, ordered and paged in SQL. */
export async function readRows(request: TableRequest): Promise<TableResponse> {
  const { policy, parsed, user } = request;
  const context: CompileContext = { policy, user, database: request.database };
  const where: RowFilter = (eb) =>
    compileWhere(eb, policy.canRead(eb, user), parsed.filters, context);
  const output = expandSelect(policy, parsed.select);
  const keyset = tryKeysetOrder(request);
  const limit = parsed.range.limit ?? parsed.range.maxLimit;
  const offset = parsed.range.offset;

  // `limit=0` with a count asks for the number alone (the dashboard's figures): no rows to
  // read. The count runs the same filters, so a bad one fails the same way.
  const countOnly = limit === 0 && parsed.preferences.count;
  const rows = countOnly
    ? []
    : await selectPage(request, { where, output, keyset, limit, offset }, context);
  const total = parsed.preferences.count ? await countRows(request, where) : null;

  const headers: Record<string, string> = {
    ...baseHeaders(request),
    'content-range': contentRange(offset, rows.length, total),
  };
  const last = rows.at(-1);
  if (keyset && last && rows.length === limit) {
    const values = keyset.map((_, index) => last[`${KEY_ALIAS}${index}`]);
    headers[NEXT_CURSOR_HEADER] = encodeCursor(values, {
      secret: request.cursorSecret,
      order: keyset,
      scope: policy.name,
    });
  }
  // Each row is rebuilt with the asked-for keys only. Deleting the cursor keys from a copy
  // instead turned every row into a slow dictionary object, and JSON.stringify with it.
  const aliases = output.map(({ alias }) => alias);
  const body = keyset
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
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: `An offset of ${offset} was requested, but there are only ${total} rows.`,
    });
  }
  const partial = total !== null && body.length < total;
  return { status: partial ? 206 : 200, headers, body };
}
