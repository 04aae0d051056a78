import type { PostgrestClient } from '@supabase/postgrest-js';
import type { ConnectionHooks } from './postgrest-connection';
import { createTableClient, type TableClient } from './table-client';
import type { TableRecords } from './table-types';

/** `tables.from(name)`: the generic table interface, typed for the platform's four tables. */
export interface Tables {
  /** A known table, typed: 'users', 'projects', 'applications' or 'messages'. */
  from<Name extends keyof TableRecords>(table: Name): TableClient<TableRecords[Name]>;
  /** Any table by camelCase or snake_case name, typed by the caller. */
  from<Row = Record<string, unknown>>(table: string): TableClient<Row>;
}

/** Builds the `tables` capability; `connect` makes a postgrest-js client per request. */
export function createTables(
  connect: (hooks?: ConnectionHooks) => PostgrestClient,
  now: () => number,
): Tables {
  return {
    from: (table: string) => createTableClient(table, connect, now),
  } as Tables;
}
