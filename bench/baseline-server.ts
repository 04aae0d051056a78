import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { DatabaseKind } from '@campuscollab/server/testing';

/** A baseline query with its parameters already chosen (plain data: it crosses to a worker). */
export interface ResolvedQuery {
  sql?: string | undefined;
  countSql?: string | undefined;
  params: unknown[];
  /** Answer `{ [key]: firstRow }` instead of the row list (GET /api/auth/me's shape). */
  singleKey?: string | undefined;
}

export interface BaselineServer {
  /** `GET {url}/q/{index}` answers query number `index`. */
  url: string;
  close(): Promise<void>;
}

type Row = Record<string, unknown>;
type Run = (query: ResolvedQuery) => Promise<{ rows: Row[]; total: number | null }>;

function sqliteRunner(file: string): { run: Run; close: () => void } {
  // Its own read-only connection, as a hand-written service would have; statements prepared once.
  const connection = new SqliteDatabase(file, { readonly: true });
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = (text: string) => {
    const sqlite = text.replaceAll('ILIKE', 'like');
    let statement = cache.get(sqlite);
    if (!statement) cache.set(sqlite, (statement = connection.prepare(sqlite)));
    return statement;
  };
  const run: Run = async ({ sql, countSql, params }) => {
    const rows = sql ? (prepare(sql).all(...params) as Row[]) : [];
    const counted = countSql ? (prepare(countSql).get(...params) as { count: number }) : null;
    return { rows, total: counted ? Number(counted.count) : null };
  };
  return { run, close: () => connection.close() };
}

function postgresRunner(url: string): { run: Run; close: () => Promise<void> } {
  // The app's pool size, and named statements: pg prepares each once per connection.
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const names = new Map<string, string>();
  // A search matches the searched texts' lower-cased copies (migration 025), as the app does.
  const toPg = (text: string) => {
    let index = 0;
    return text
      .replace(/(\w+) ILIKE \?/g, '$1_lower like lower(?)')
      .replace(/\?/g, () => `$${++index}`);
  };
  const execute = async (text: string, params: unknown[]) => {
    let name = names.get(text);
    if (!name) names.set(text, (name = `baseline_${names.size}`));
    return (await pool.query<Row>({ name, text: toPg(text), values: params })).rows;
  };
  const run: Run = async ({ sql, countSql, params }) => {
    const [rows, counted] = await Promise.all([
      sql ? execute(sql, params) : Promise.resolve([]),
      countSql ? execute(countSql, params) : Promise.resolve(null),
    ]);
    return { rows, total: counted ? Number(counted[0]?.count) : null };
  };
  return { run, close: () => pool.end() };
}

/** PostgREST's content-range, as the app sends it: `0-11/*`, `0-19/345`, `*\/0`. */
function contentRange(length: number, total: number | null) {
  const range = length > 0 ? `0-${length - 1}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** The bare limit: node:http, one prepared statement, JSON out. No auth, no policies, no parsing. */
export async function startBaselineServer(
  kind: DatabaseKind,
  location: string,
  queries: ResolvedQuery[],
): Promise<BaselineServer> {
  const runner = kind === 'sqlite' ? sqliteRunner(location) : postgresRunner(location);
  const server = createServer((request, response) => {
    const query = queries[Number(/^\/q\/(\d+)/.exec(request.url ?? '')?.[1] ?? -1)];
    if (!query) return void response.writeHead(404).end();
    runner.run(query).then(
      ({ rows, total }) => {
        const body = query.singleKey ? { [query.singleKey]: rows[0] ?? null } : rows;
        response.writeHead(200, {
          'content-type': 'application/json; charset=utf-8',
          'content-range': contentRange(rows.length, total),
        });
        response.end(JSON.stringify(body));
      },
      (error: unknown) => response.writeHead(500).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await runner.close();
    },
  };
}
