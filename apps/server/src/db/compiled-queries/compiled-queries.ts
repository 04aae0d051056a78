import {
  CompiledQuery,
  SelectQueryNode,
  type Compilable,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ShapeKey } from '../../lib/postgrest';
import type { Database } from '../schema';
import type { QueryDefinition } from './define-query';
import {
  fillParameters,
  parameterSources,
  placeholdersFor,
  type ParameterSource,
} from './placeholders';

/**
 * Runs a compiled query's SQL straight on the database's connection, or returns null when it
 * cannot now; the query then goes through Kysely's driver. See dialects/sqlite.ts.
 */
export type DirectRunner = (sql: string, parameters: unknown[]) => QueryResult<unknown> | null;

/**
 * Commits a write together with the others queued in the same turn of the event loop. See
 * dialects/sqlite-group-commit.ts.
 */
export type GroupRunner = (sql: string, parameters: unknown[]) => Promise<QueryResult<unknown>>;

/** How a database runs its compiled queries, beyond Kysely's driver. */
export interface CompiledQueriesOptions {
  db: Kysely<Database>;
  /** Runs a query outside any transaction without the driver, where the database allows it. */
  direct?: DirectRunner;
  /** Lets writes that can wait for the end of the turn share their commit. */
  grouped?: GroupRunner;
  /**
   * Where reads named as statements run, when not on `db`: connections that always use a
   * statement's generic plan (PostgreSQL, dialects/postgres.ts). Table reads and fixed selects
   * (a session's owner, an email's recipient) go there, so writes hold `db`'s connections alone.
   */
  genericReads?: Kysely<Database>;
}

interface Compiled {
  sql: string;
  sources: ParameterSource[];
  /** A plain select: it may run on `genericReads`, outside any transaction. */
  reads: boolean;
}

// Hot queries run with a few shapes, over and over, with different values, and building and
// compiling them with Kysely each time was much of a read (docs/decisions/012-read-plans.md).
// Table reads take their shapes from clients, so the queries kept are bounded.
const QUERIES_KEPT = 500;

// A search whose words are in its SQL has a key per search, and a list of one campus a key per
// campus (table-api/tables/types.ts, `plannedPerValue`): those are kept apart, a few, so that a
// run of different searches cannot push out the shapes every page reads.
const WORD_QUERIES_KEPT = 100;

/** How the statement of a query whose SQL holds a search's values is named (`holdsWords`). */
export const WORDS_STATEMENT_PREFIX = 'searched_';

/**
 * One database's compiled queries: each query's SQL, built and compiled with Kysely the first
 * time it runs, then run again with each call's values. Fixed queries are kept by their
 * definition, table reads by their shape key. It also names each SQL text it keeps, for a
 * driver that prepares named statements (PostgreSQL: dialects/postgres-statements.ts).
 */
export class CompiledQueries {
  private readonly db: Kysely<Database>;
  private readonly direct: DirectRunner | undefined;
  private readonly grouped: GroupRunner | undefined;
  private readonly genericReads: Kysely<Database> | undefined;
  private readonly names = new Map<string, { name: string; queries: number }>();
  private named = 0;
  private readonly byKey = new LRUCache<object | ShapeKey, Compiled>({
    max: QUERIES_KEPT,
    dispose: (compiled) => this.drop(compiled),
  });
  private readonly byWords = new LRUCache<ShapeKey, Compiled>({
    max: WORD_QUERIES_KEPT,
    dispose: (compiled) => this.drop(compiled),
  });

  constructor(options: CompiledQueriesOptions) {
    this.db = options.db;
    this.direct = options.direct;
    this.grouped = options.grouped;
    this.genericReads = options.genericReads;
  }

  /** Runs `query` with `values`; its result reports rows and, for a write, rows changed. */
  run<Values extends readonly unknown[], Row>(
    query: QueryDefinition<Values, Row>,
    values: Values,
  ): Promise<QueryResult<Row>> {
    const { sql, parameters, reads } = this.bind(query, values);
    const generic = 'shape' in query || reads;
    if (this.genericReads && generic) {
      return this.genericReads.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
    }
    return this.runBound<Row>(sql, parameters);
  }

  /** The rows of `run`. */
  async rows<Values extends readonly unknown[], Row>(
    query: QueryDefinition<Values, Row>,
    values: Values,
  ): Promise<Row[]> {
    return (await this.run(query, values)).rows;
  }

  /**
   * The rows of `query` run on `trx`, a transaction (or any other Kysely of this database), with
   * the same kept SQL: on PostgreSQL it is still prepared once per connection.
   */
  async rowsIn<Values extends readonly unknown[], Row>(
    trx: Kysely<Database>,
    query: QueryDefinition<Values, Row>,
    values: Values,
  ): Promise<Row[]> {
    const { sql, parameters } = this.bind(query, values);
    return (await trx.executeQuery<Row>(CompiledQuery.raw(sql, parameters))).rows;
  }

  /**
   * `run` for a write that may share its commit with the writes of the same turn of the event
   * loop, where the database allows it (SQLite). Its answer comes once they are committed.
   */
  runInCommitGroup<Values extends readonly unknown[], Row>(
    query: QueryDefinition<Values, Row>,
    values: Values,
  ): Promise<QueryResult<Row>> {
    const { sql, parameters } = this.bind(query, values);
    if (!this.grouped) return this.runBound<Row>(sql, parameters);
    return this.grouped(sql, parameters) as Promise<QueryResult<Row>>;
  }

  /** The name of a kept query's SQL text while some kept query has it; undefined for other SQL. */
  statementName(sql: string): string | undefined {
    return this.names.get(sql)?.name;
  }

  /** The SQL of `query`, compiled the first time, and its parameters for `values`. */
  private bind<Values extends readonly unknown[], Row>(
    query: QueryDefinition<Values, Row>,
    values: Values,
  ) {
    const shaped = 'shape' in query ? query : null;
    const words = Boolean(shaped?.holdsWords);
    const key = shaped ? shaped.shape : query;
    let compiled = words ? this.byWords.get(key as ShapeKey) : this.byKey.get(key);
    if (!compiled) {
      const built = shaped ? shaped.build() : query.build(this.db, placeholdersFor(values));
      compiled = compile(built);
      if (words) this.byWords.set(key as ShapeKey, compiled);
      else this.byKey.set(key, compiled);
      this.name(compiled.sql, words);
    }
    return {
      sql: compiled.sql,
      parameters: fillParameters(compiled.sources, values),
      reads: compiled.reads,
    };
  }

  private name(sql: string, words: boolean) {
    const entry = this.names.get(sql);
    if (entry) entry.queries += 1;
    // A text that comes back after its queries were dropped gets a new name: a connection may
    // still hold the old one, and no name ever stands for two texts.
    else {
      const prefix = words ? WORDS_STATEMENT_PREFIX : 'compiled_';
      this.names.set(sql, { name: `${prefix}${++this.named}`, queries: 1 });
    }
  }

  private drop({ sql }: Compiled) {
    const entry = this.names.get(sql);
    if (entry && --entry.queries === 0) this.names.delete(sql);
  }

  private runBound<Row>(sql: string, parameters: unknown[]): Promise<QueryResult<Row>> {
    if (this.direct) {
      try {
        const result = this.direct(sql, parameters);
        if (result) return Promise.resolve(result as QueryResult<Row>);
      } catch (error) {
        return Promise.reject(error);
      }
    }
    return this.db.executeQuery<Row>(CompiledQuery.raw(sql, parameters));
  }
}

function compile(query: Compilable): Compiled {
  const { sql, parameters, query: node } = query.compile();
  const reads = SelectQueryNode.is(node) && !node.endModifiers?.length;
  return { sql, sources: parameterSources(parameters), reads };
}
