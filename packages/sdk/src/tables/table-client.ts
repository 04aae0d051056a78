import type { PostgrestClient } from '@supabase/postgrest-js';
import { NEXT_CURSOR_HEADER, TABLE_API_MAX_ROWS } from '@campuscollab/shared/core';
import {
  convertKeysToCamelCase,
  convertKeysToSnakeCase,
  convertToSnakeCase,
} from '../case/convert-case';
import { errorFromBody } from '../errors/error-from-response';
import { createNetworkError, SdkErrorKind, type SdkError } from '../errors/sdk-error';
import { fail, ok, type Result } from '../http/result';
import { buildFilterFromObject, FilterBuilder } from './filter-builder';
import type { ConnectionHooks } from './postgrest-connection';
import { withRecordId } from './record-ids';
import type { RecordInput } from './table-types';

export interface OrderTerm<Row> {
  column: keyof Row & string;
  /** Default true. */
  ascending?: boolean;
  nullsFirst?: boolean;
}

export interface ListOptions<Row, Column extends keyof Row & string = keyof Row & string> {
  /** `{ status: 'Open' }` (equality; null IS NULL; arrays IN; `{ gt: x }` operators) or a builder. */
  where?: { [K in keyof Row]?: unknown } | ((filter: FilterBuilder<Row>) => FilterBuilder<Row>);
  order?: OrderTerm<Row>[];
  limit?: number;
  offset?: number;
  /** `nextCursor` of the previous page, with the same `order` (keyset pagination). */
  cursor?: string | null;
  /** Ask for the total number of matching rows (`count=exact`). */
  count?: boolean;
  /** Only these fields (camelCase), and the rows are typed to have just them; all by default. */
  columns?: Column[];
}

/** `{ data, error }` plus the total (when asked) and the cursor of the next page (when full). */
export interface ListResult<Row> {
  data: Row[] | null;
  error: SdkError | null;
  count: number | null;
  nextCursor: string | null;
}

interface PostgrestFailure {
  message?: string;
  code?: string;
  details?: unknown;
  hint?: string | null;
}

/** postgrest-js reports a request that never completed as status 0 with its own text. */
function mapFailure(error: PostgrestFailure, status: number): SdkError {
  if (status === 0) return createNetworkError(error.details || error.message);
  return errorFromBody(status, error, SdkErrorKind.database);
}

type Connect = (hooks?: ConnectionHooks) => PostgrestClient;

/**
 * The table interface the app reads and writes through (docs/product.md §7.2), on postgrest-js:
 * camelCase in and out, snake_case on the wire, `{ data, error }` results.
 */
export function createTableClient<Row>(table: string, connect: Connect, now: () => number) {
  const wireTable = convertToSnakeCase(table);
  const toRow = (record: Record<string, unknown>) => convertKeysToCamelCase<Row>(record);
  const firstRow = (rows: unknown): Row | null => {
    const first = Array.isArray(rows)
      ? (rows[0] as Record<string, unknown> | undefined)
      : undefined;
    return first ? toRow(first) : null;
  };

  return {
    /** Rows matching `where`, ordered and paged; see {@link ListOptions}. */
    async list<Column extends keyof Row & string = keyof Row & string>(
      options: ListOptions<Row, Column> = {},
    ): Promise<ListResult<Pick<Row, Column>>> {
      let nextCursor: string | null = null;
      const client = connect({
        cursor: options.cursor,
        onResponse: (response) => {
          nextCursor = response.headers.get(NEXT_CURSOR_HEADER);
        },
      });
      const columns = options.columns?.map(convertToSnakeCase).join(',') ?? '*';
      let query = client
        .from(wireTable)
        .select(columns, options.count ? { count: 'exact' } : undefined);
      const { where } = options;
      if (typeof where === 'function') query = where(new FilterBuilder<Row>()).applyTo(query);
      else if (where)
        query = buildFilterFromObject<Row>(where as Record<string, unknown>).applyTo(query);
      for (const term of options.order ?? []) {
        query = query.order(convertToSnakeCase(term.column), {
          ascending: term.ascending ?? true,
          ...(term.nullsFirst === undefined ? {} : { nullsFirst: term.nullsFirst }),
        });
      }
      if (options.offset !== undefined) {
        // An offset without a limit reads up to the server's cap.
        const limit = options.limit ?? TABLE_API_MAX_ROWS;
        query = query.range(options.offset, options.offset + limit - 1);
      } else if (options.limit !== undefined) {
        query = query.limit(options.limit);
      }
      const response = await query;
      if (response.error) {
        return {
          data: null,
          error: mapFailure(response.error, response.status),
          count: null,
          nextCursor: null,
        };
      }
      const rows = (response.data ?? []) as unknown as Record<string, unknown>[];
      return { data: rows.map(toRow), error: null, count: response.count ?? null, nextCursor };
    },

    /** The row with this id, or null when there is none (or it is not visible to this user). */
    async get(id: string): Promise<Result<Row | null>> {
      const response = await connect().from(wireTable).select('*').eq('id', id).limit(1);
      if (response.error) return fail(mapFailure(response.error, response.status));
      return ok(firstRow(response.data));
    },

    /**
     * Inserts a record and returns it as stored. A record without an id gets a random one on the
     * tables that take client ids (projects, applications, messages); a profile (users) never
     * does, since the server assigns its id and refuses one from the client.
     */
    async create(record: RecordInput<Row>): Promise<Result<Row>> {
      const row = withRecordId(
        wireTable,
        convertKeysToSnakeCase(record as Record<string, unknown>),
        now(),
      );
      const response = await connect().from(wireTable).insert(row).select();
      if (response.error) return fail(mapFailure(response.error, response.status));
      const created = firstRow(response.data);
      return created ? ok(created) : fail(createNetworkError('empty insert response'));
    },

    /** Changes the given fields of the row with this id; null when no row was changed. */
    async update(id: string, patch: RecordInput<Row>): Promise<Result<Row | null>> {
      const values = convertKeysToSnakeCase(patch as Record<string, unknown>);
      const response = await connect().from(wireTable).update(values).eq('id', id).select();
      if (response.error) return fail(mapFailure(response.error, response.status));
      return ok(firstRow(response.data));
    },

    /** Deletes the row with this id and returns it; null when there was none to delete. */
    async delete(id: string): Promise<Result<Row | null>> {
      const response = await connect().from(wireTable).delete().eq('id', id).select();
      if (response.error) return fail(mapFailure(response.error, response.status));
      return ok(firstRow(response.data));
    },
  };
}

export type TableClient<Row> = ReturnType<typeof createTableClient<Row>>;
