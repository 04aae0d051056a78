import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import { WORDS_STATEMENT_PREFIX } from '../compiled-queries/compiled-queries';

/**
 * Named statements one connection prepares; past it, further compiled queries run unnamed. The
 * compiled queries are a bounded cache, but a text whose queries were dropped stays prepared on
 * the connections that ran it, so shapes that keep changing could otherwise fill the server's
 * memory.
 */
const STATEMENTS_PER_CONNECTION = 500;

/**
 * Statements with a search's words or a campus in the SQL one connection keeps prepared, the
 * most recently run. There is one per search or campus asked, so the connection drops the one
 * run longest ago to prepare another, and they never count against STATEMENTS_PER_CONNECTION.
 */
export const SEARCH_STATEMENTS_PER_CONNECTION = 32;

type Query = (...args: unknown[]) => unknown;

/** pg's record of the statements a connection has prepared, by name (pg/lib/connection.js). */
type Prepared = Record<string, string | undefined>;

function preparedOn(client: pg.PoolClient): Prepared | undefined {
  const { connection } = client as unknown as { connection?: { parsedStatements?: unknown } };
  const parsed = connection?.parsedStatements;
  return parsed && typeof parsed === 'object' ? (parsed as Prepared) : undefined;
}

/**
 * Runs the database's compiled queries (db/compiled-queries/) on `client` as named prepared
 * statements. PostgreSQL parses and plans an unnamed statement on every run, which for a search
 * cost more than running it (docs/decisions/012-read-plans.md). A named one is parsed once per
 * connection, and after a few runs PostgreSQL keeps a generic plan for it. `nameOf` gives a
 * compiled query's statement name, or undefined for any other SQL.
 */
export function prepareCompiledQueries(
  client: pg.PoolClient,
  nameOf: (sql: string) => string | undefined,
) {
  const prepared = new Set<string>();
  const query = client.query.bind(client) as Query;
  // A search statement dropped is deallocated, and pg forgets it once that is done: pg names a
  // statement again only if it has no record of it. Queries on a client run one at a time in
  // the order asked, so the next run of that name, if any, comes after and prepares it afresh.
  // Without pg's record to keep in step, searches run unnamed.
  const parsed = preparedOn(client);
  const searches = new LRUCache<string, true>({
    max: SEARCH_STATEMENTS_PER_CONNECTION,
    dispose: (_, name) => {
      query(`deallocate "${name}"`, () => delete parsed?.[name]);
    },
  });
  // Kysely runs every query as query(text, values); anything else passes through untouched.
  const namedQuery: Query = (...args) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = nameOf(text);
      if (name?.startsWith(WORDS_STATEMENT_PREFIX)) {
        if (parsed) {
          if (!searches.get(name)) searches.set(name, true);
          return query({ name, text, values });
        }
      } else if (name && (prepared.has(name) || prepared.size < STATEMENTS_PER_CONNECTION)) {
        prepared.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
  client.query = namedQuery as typeof client.query;
}
