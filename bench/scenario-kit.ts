/** What a hot path is made of, and the request helpers the scenario files share. */
import type { Request } from 'autocannon';
import type { PathKind } from './targets';
import type { BenchWorld } from './world';

/** The table API's base path for project `campus` (the server's default PROJECT_ID). */
export const REST = '/api/db/campus/rest/v1';

/** The same query written straight against the tables: what the bare baseline serves. */
export interface BaselineQuery {
  /**
   * Rows query, `?` placeholders. `column ILIKE ?` becomes `like` on SQLite (case-insensitive
   * there), and on PostgreSQL a `like` of the column's lower-cased copy, as the app runs it.
   */
  sql?: string;
  /** Run as well where the web app sends `Prefer: count=exact`; the total goes in content-range. */
  countSql?: string;
  params: (world: BenchWorld) => unknown[];
  /** Answer `{ [key]: firstRow }` rather than the row list (GET /api/auth/me's shape). */
  singleKey?: string;
}

export interface Scenario {
  name: string;
  /** The web app or SDK file whose request this copies, so a change there is easy to follow. */
  source: string;
  build: (world: BenchWorld) => Request[];
  baseline?: BaselineQuery;
  /** Which targets hold it (bench/targets.ts); a read unless given. */
  kind?: PathKind;
  /** The right answer is empty (a search for a word nothing holds); rows would be the error. */
  answersNoRows?: boolean;
}

// postgrest-js builds its URL with URLSearchParams, so encoding the same way sends the same bytes
// (checked against postgrest-js 2 with a recording fetch).
export const toQuery = (pairs: [string, string][]) => new URLSearchParams(pairs).toString();
/** packages/sdk quoteFilterValue: a pattern inside `or=(...)` is double-quoted. */
export const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A GET with the student's token; `count` adds the `Prefer` header postgrest-js sends. */
export function get(path: string, token: string, count = false): Request[] {
  const headers = count ? { ...bearer(token), prefer: 'count=exact' } : bearer(token);
  return [{ method: 'GET', path, headers }];
}
