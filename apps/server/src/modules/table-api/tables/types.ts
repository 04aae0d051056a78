import type { ColumnRule } from '@campuscollab/shared';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { FixedQuery } from '../../../db/compiled-queries/define-query';
import type { Database } from '../../../db/schema';
import type { RequestUser } from '../../../plugins/authentication';
import type { DomainEventMap } from '../../../plugins/events';

/** Tables are chosen by name at run time; names and columns are checked against the policies. */
export type DynamicDatabase = Record<string, Record<string, unknown>>;
export type Row = Record<string, unknown>;
export type TableExpressions = ExpressionBuilder<DynamicDatabase, string>;

/** A column's type, who writes it, owner-only visibility and zod rule (packages/shared/src/tables). */
export type { ColumnRule };

export interface PolicyContext {
  user: RequestUser;
  /** The transaction the write runs in. */
  trx: Kysely<Database>;
  /**
   * Runs a fixed query (`defineQuery`) in the transaction, compiled once and, on PostgreSQL,
   * prepared once per connection: a policy's check runs on every write.
   */
  rows<Values extends readonly unknown[], Row>(
    query: FixedQuery<Values, Row>,
    values: Values,
  ): Promise<Row[]>;
  now: string;
  /** True for an upsert (Prefer: resolution=...), where an insert may become an update. */
  upsert: boolean;
  /** Queues a domain event, emitted only if the transaction commits. */
  emitAfterCommit<K extends keyof DomainEventMap>(name: K, payload: DomainEventMap[K]): void;
}

/**
 * The user as a read's SQL sees them: the id, bound as a value. A read's compiled query is
 * shared by every user (db/compiled-queries/) and a prepared read by every request
 * (prepared-reads.ts), so nothing else about the user may shape it, but `inNoBlock` in a query
 * whose key names it.
 */
export interface ReadingUser extends Pick<RequestUser, 'id'> {
  /**
   * The reader was in no block, either way, when the request looked: the block checks are left
   * out (visibility.ts). Only a query keyed by it sets it (the rankings of modules/matching/),
   * and what it finds is read again under the whole policy.
   */
  inNoBlock?: boolean;
}

/**
 * One table's access rules (the tables of docs/product.md §6). Row filters are SQL, so a list,
 * a bulk update and a bulk delete are all filtered by the database itself.
 */
export interface TablePolicy {
  name: string;
  primaryKey: string;
  columns: Record<string, ColumnRule>;
  /** Column holding the account id of the row's owner, for ownerOnly columns. */
  ownerColumn?: string;
  /** Column sets with a unique constraint, usable as on_conflict targets. */
  uniqueKeys: string[][];
  /**
   * Columns whose values split the rows very unevenly (a campus: a few hold most of them). A
   * read filtering on one is planned for its values, as a search is (read.ts): a plan made
   * without them assumes an average share, and then may read and sort every match of a big
   * campus instead of walking its index to the page.
   */
  plannedPerValue?: readonly string[];
  /**
   * Text columns PostgreSQL also keeps lower-cased on the row, as `<column>_lower` (migration
   * 025): `ilike` on one runs as a `like` of the copy, which is how PostgreSQL answers it anyway,
   * without lower-casing every row's text again at every search (query/conditions.ts).
   */
  lowerCasedCopies?: readonly string[];
  /**
   * Rows this user may read. The SQL of a read is kept and shared by every user with the same
   * shape of request (db/compiled-queries/), so this may use `user.id` only as a value in the
   * expression (it is bound), never to decide which SQL to build.
   */
  canRead(eb: TableExpressions, user: ReadingUser): Expression<SqlBool>;
  /** Null when nobody may update rows of this table through the API. */
  canUpdate: ((eb: TableExpressions, user: RequestUser) => Expression<SqlBool>) | null;
  canDelete: ((eb: TableExpressions, user: RequestUser) => Expression<SqlBool>) | null;
  /**
   * Completes a validated row with the server's columns and checks rules that span rows. It must
   * change nothing and tell no one: the row may yet be skipped (an ignored duplicate) or turn
   * into an update (a merge), and effects belong to afterInsert.
   */
  prepareInsert(row: Row, context: PolicyContext): Promise<Row>;
  /**
   * Told the rows the INSERT really wrote, as stored, in its transaction: never a row an
   * ignore-duplicates skipped or a merge updated. Side effects (credits, events) go here, so
   * they follow written rows only. Returns the rows as they stand afterwards when it changed
   * them; throwing rolls the whole insert back.
   */
  afterInsert?(written: Row[], context: PolicyContext): Promise<Row[] | void>;
  /** Checks an update's validated values and adds the server's (updated_at). */
  prepareUpdate?(patch: Row, context: PolicyContext): Row;
  /** Told the rows before and after an update, in its transaction (to emit events). */
  afterUpdate?(before: Row[], after: Row[], context: PolicyContext): void;
}
