import type { CompiledQuery } from 'kysely';
import type { DatabaseKind } from '../../src/db/dialects/types';
import type { profileRow, projectRow } from './rows';
import { request, startTestApp, type TestApp } from './test-app';

const REST = '/api/db/campus/rest/v1';

/** What one request answered, the SQL the server ran for it and the plans of its reads. */
export interface SearchAnswer {
  ids: string[];
  statements: string;
  plan: string;
}

/**
 * A test app that records the statements it runs, so a test can see how a search was planned
 * (the search index tests of both databases).
 */
export async function startSearchApp(kind: DatabaseKind) {
  const recorded: CompiledQuery[] = [];
  let recording = false;
  const server: TestApp = await startTestApp(
    kind,
    {},
    { onQuery: (query) => recording && recorded.push(query) },
  );

  /**
   * GETs `path` under the table API as `token`; the answer must be a list of rows (206 when it
   * carries a count).
   */
  const search = async (
    path: string,
    token: string,
    options: { indexesOnly?: boolean; generic?: boolean; headers?: Record<string, string> } = {},
  ): Promise<SearchAnswer> => {
    recorded.length = 0;
    recording = true;
    const response = await request(server.baseUrl, 'GET', `${REST}/${path}`, {
      token,
      headers: options.headers,
    });
    recording = false;
    if (response.status !== 200 && response.status !== 206) {
      throw new Error(`GET ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    const plans: string[] = [];
    for (const statement of recorded.filter((query) => /^\s*select/i.test(query.sql))) {
      plans.push(
        (
          await server.database.explain(statement, {
            indexesOnly: options.indexesOnly,
            generic: options.generic,
          })
        ).join('\n'),
      );
    }
    return {
      ids: (response.body as unknown as { id: string }[]).map((row) => row.id),
      statements: recorded.map((query) => query.sql).join('\n'),
      plan: plans.join('\n'),
    };
  };
  return { server, search };
}

/** A search app's `search`: a path's rows and plans, as one student. */
export type SearchAs = Awaited<ReturnType<typeof startSearchApp>>['search'];

/**
 * Accounts with their profiles, and projects, written straight to the database in batches
 * (`rows.ts` makes them): enough rows for a planner to prefer an index.
 */
export async function insertCampus(
  server: TestApp,
  rows: {
    accounts: string[];
    profiles: ReturnType<typeof profileRow>[];
    projects: ReturnType<typeof projectRow>[];
  },
): Promise<void> {
  const db = server.database.db;
  const stamp = new Date().toISOString();
  const BATCH = 500;
  for (let start = 0; start < rows.accounts.length; start += BATCH) {
    await db
      .insertInto('auth_accounts')
      .values(
        rows.accounts.slice(start, start + BATCH).map((id) => ({
          id,
          email: `${id}@mit.edu`,
          password_hash: 'not-a-hash',
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
  }
  for (let start = 0; start < rows.profiles.length; start += BATCH) {
    await db
      .insertInto('users')
      .values(rows.profiles.slice(start, start + BATCH))
      .execute();
  }
  for (let start = 0; start < rows.projects.length; start += BATCH) {
    await db
      .insertInto('projects')
      .values(rows.projects.slice(start, start + BATCH))
      .execute();
  }
}
