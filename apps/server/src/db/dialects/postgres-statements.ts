import type pg from 'pg';

/**
 * Named statements one connection prepares; past it, further plans run unnamed. Plans come from
 * a bounded cache, but a text whose plans were dropped stays prepared on the connections that
 * ran it, so shapes that keep changing could otherwise fill the server's memory.
 */
const STATEMENTS_PER_CONNECTION = 500;

type Query = (...args: unknown[]) => unknown;

/**
 * Runs the app's plans (db/plans.ts) on `client` as named prepared statements. PostgreSQL parses
 * and plans an unnamed statement on every run; for a search that took four times as long as
 * running it. A named one is parsed once per connection, and after a few runs PostgreSQL keeps a
 * generic plan for it. `nameOf` gives a plan's name, or undefined for SQL that is not a plan.
 */
export function preparePlans(client: pg.PoolClient, nameOf: (sql: string) => string | undefined) {
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
