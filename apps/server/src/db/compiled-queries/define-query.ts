import type { Compilable, Kysely } from 'kysely';
import type { ShapeKey } from '../../lib/postgrest';
import type { Database } from '../schema';

/**
 * A query whose SQL never changes, only its values: a module-level constant made by
 * `defineQuery`. The definition object itself is the key its compiled SQL is kept under, so two
 * definitions never share SQL and there is no key to spell.
 */
export interface FixedQuery<Values extends readonly unknown[], Row> {
  /** Builds the query with `values` as placeholders (placeholders.ts), never reading them. */
  build(db: Kysely<Database>, values: Values): Compilable<Row>;
}

/**
 * A query whose SQL follows a client's request (a table read). It is kept under the request's
 * shape key, which `shapeKey` derives from the whole parsed request with its values left out
 * (lib/postgrest/shape-key.ts): requests with equal keys must build equal SQL.
 */
export interface ShapedQuery<Row> {
  readonly shape: ShapeKey;
  /** Builds the query with its values already bound as placeholders. */
  build(): Compilable<Row>;
  /**
   * Its SQL holds a search's words or a campus, and its other values (dialects/types.ts,
   * `valueInSql`), so it is one of as many queries as there are searches and campuses: it is
   * kept among a few of its kind, and prepared on a connection among the few it keeps for
   * searches (dialects/postgres-statements.ts).
   */
  readonly holdsWords?: boolean;
}

/** Either kind of query a database keeps compiled. */
export type QueryDefinition<Values extends readonly unknown[], Row> =
  FixedQuery<Values, Row> | ShapedQuery<Row>;

/**
 * A fixed query, to be kept in a module-level constant and run through a database's compiled
 * queries (`database.compiledQueries.rows(query, values)`); the object's identity is its key.
 */
export function defineQuery<Values extends readonly unknown[], Row>(
  build: (db: Kysely<Database>, values: Values) => Compilable<Row>,
): FixedQuery<Values, Row> {
  return Object.freeze({ build });
}
