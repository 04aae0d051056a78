import type pg from 'pg';

/**
 * Named statements one connection prepares; past it, further compiled queries run unnamed. The
 * compiled queries are a bounded cache, but a text whose queries were dropped stays prepared on
 * the connections that ran it, so shapes that keep changing could otherwise fill the server's
 * memory.
 */
const STATEMENTS_PER_CONNECTION = 500;

type Query = (...args: unknown[]) => unknown;

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
  // Kysely runs every query as query(text, values); anything else passes through untouched.
  const namedQuery: Query = (...args) => {
    const [text, values] = args;
    if (args.length === 2 && typeof text === 'string' && Array.isArray(values)) {
      const name = nameOf(text);
      if (name && (prepared.has(name) || prepared.size < STATEMENTS_PER_CONNECTION)) {
        prepared.add(name);
        return query({ name, text, values });
      }
    }
    return query(...args);
  };
  client.query = namedQuery as typeof client.query;
}
