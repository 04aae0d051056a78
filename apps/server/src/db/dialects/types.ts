import type { CompiledQuery, Expression, Kysely, RawBuilder, SqlBool } from 'kysely';
import type { CompiledQueries } from '../compiled-queries/compiled-queries';
import type { Database } from '../schema';
import type { AdminSqlOptions, AdminStatement, AdminStatementResult } from './admin-sql';

export type DatabaseKind = 'sqlite' | 'postgres';

/** The column a `searchCandidates` query names its keys by. */
export const SEARCH_CANDIDATE_KEY = 'candidate_rowid';

export interface PatternMatch {
  form: string;
  operand: string;
}

/** A constraint the database refused a write for, in dialect-free terms. */
export interface ConstraintViolation {
  /** `invalid_value`: a value the database cannot take (PostgreSQL's data exceptions, class 22). */
  kind: 'unique' | 'foreign_key' | 'not_null' | 'check' | 'invalid_value';
  /** The database's own words, for the error's details. */
  detail: string;
}

/**
 * What differs between the two databases lives behind this interface, as properties, so queries
 * elsewhere stay dialect-free.
 */
export interface OpenOptions {
  /** Called with every query the app runs (tests record them to check their SQL). */
  onQuery?: (query: CompiledQuery) => void;
}

export interface DatabaseHandle {
  kind: DatabaseKind;
  db: Kysely<Database>;
  /**
   * The queries this database keeps compiled and runs again with new values, the hot path's
   * fixed queries and table reads (db/compiled-queries/, docs/decisions/012-read-plans.md).
   */
  compiledQueries: CompiledQueries;
  /**
   * Where counts a crash may lose are kept (rate limits: lib/cluster/postgres-counters.ts), when
   * that is not `db`: PostgreSQL's connections that commit without waiting for the disk.
   */
  countersDb?: Kysely<Database>;
  /** SQLite's file, for tools that open their own connection to it (the seed's bulk writer). */
  file?: string;
  /** PostgreSQL's URL, for what keeps connections of its own (cluster bus, job queue, locks). */
  connectionString?: string;
  /**
   * How this database runs `like` (case-sensitive) or `ilike` with PostgreSQL's pattern rules
   * (`%`, `_`, `\` escapes): `form` decides the SQL and `operand` is the value bound to it, so
   * a compiled query can be kept per form and run with any pattern of that form. `searched`
   * ("table.column", the table named as such in the query) lets SQLite answer a rare text from
   * its trigram index (sqlite-search.ts); the form then names the index. Never under NOT: where
   * the column is null the indexed form is false, not LIKE's null, so its negation differs.
   */
  patternMatch(pattern: string, caseInsensitive: boolean, searched?: string): PatternMatch;
  /**
   * The SQL of one form of match; `operand` is a value or a stand-in for one. `lowerCased` is
   * the value's lower-cased copy where the row keeps one (TablePolicy.lowerCasedCopies):
   * PostgreSQL, which keeps them, matches `ilike` as a `like` of it (migration 025).
   */
  matchPattern(
    value: Expression<unknown>,
    form: string,
    operand: unknown,
    lowerCased?: Expression<unknown>,
  ): RawBuilder<SqlBool>;
  /**
   * For a form answered from a search index, a query of the keys (`SEARCH_CANDIDATE_KEY`, the
   * table's rowid) of every row the match could be true for: few, by the form's choice, so a
   * read can start from them instead of walking the table (table-api/query/search-candidates.ts).
   */
  searchCandidates?(form: string, operand: unknown): RawBuilder<unknown> | null;
  /**
   * A value written into the SQL as a literal, where a read with a search is planned better
   * with its values than without (PostgreSQL). PostgreSQL keeps a generic plan for a prepared
   * statement, made without its values. Without the words it guesses that one row in two hundred
   * matches; without the campus, that a campus holds an average share of the projects (595 of
   * 100,000 rows, where the biggest holds 19,713 open ones); without the offset, that a tenth of
   * the rows are read. A campus search then read and sorted every match of a common word instead
   * of walking its campus's newest-first index to the first page, 9 ms against 0.8. Planned with
   * its values at every run instead, a search spent more time planning than running. With its
   * values in the SQL (all but the reader's id), a search's statement is planned for them once
   * per connection and kept (db/compiled-queries/, `holdsWords`; docs/decisions/022). A list of
   * one campus is planned for its campus the same way (table-api/tables/types.ts,
   * `plannedPerValue`): the generic plan of Explore's took a big campus for six rows, and read
   * and sorted all of them rather than walk its index to the page.
   */
  valueInSql?(value: string | number | null): Expression<unknown>;
  /**
   * `column` as a value to test on rows already found, never a key to look them up by. For a
   * join on a composite key whose second column is filtered by a list (`tag in (...)`), SQLite
   * would look the key up once per value of the list; it now reads the first column's entries
   * once and tests each (SQLite's unary `+`). PostgreSQL chooses by cost and is left to.
   */
  testedOnly(column: string): Expression<unknown>;
  /** Recognises a driver error as a constraint violation, or returns null. */
  classifyError(error: unknown): ConstraintViolation | null;
  /**
   * The plan the database would use, one line per step. `indexesOnly` asks PostgreSQL to avoid
   * sequential scans where it can: on a near-empty table it rightly prefers one, and the
   * question a test asks is whether an index can serve the query at all. `generic` asks
   * PostgreSQL for the plan made without the values, as compiled reads run (SQLite has one kind).
   */
  explain(
    query: CompiledQuery,
    options?: { indexesOnly?: boolean; generic?: boolean },
  ): Promise<string[]>;
  /** Raw statements from a SERVICE_KEY holder, in one transaction, bounded in time and rows. */
  runAdminStatements(
    statements: AdminStatement[],
    options: AdminSqlOptions,
  ): Promise<AdminStatementResult[]>;
  /**
   * The connection pool's use, for the metrics (PostgreSQL's pool); absent for SQLite, whose
   * one connection is never waited for.
   */
  poolUse?(): PoolUse;
  close(): Promise<void>;
}

export interface PoolUse {
  /** Connections open, idle or busy. */
  total: number;
  idle: number;
  /** Queries waiting for a connection: above zero, the pool is too small for the load. */
  waiting: number;
}
