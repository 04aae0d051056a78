import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { expectPostgrestError } from '../helpers/postgrest-errors';
import { DIALECTS } from '../helpers/test-database';
import {
  BAD_QUERIES,
  HARMLESS_VALUES,
  type BadRequest,
  type BadRequestContext,
} from './bad-query-requests';
import { BAD_WRITES } from './bad-write-requests';
import { clientFor, restUrl } from './scenario-world';
import { seedTwoPosters } from './two-posters';

/**
 * Bad requests to the table API, sent with raw fetch as a signed-in student: every one is a
 * PostgREST error (4xx, `{code, message, details, hint}`), never a 500, and none of them
 * changes a row or reaches the database as SQL.
 */

const TABLES = ['users', 'projects', 'applications', 'messages'] as const;
/** Enough rows that a limit above the cap has something to clamp. */
const BULK_PROJECTS = 1005;

describe.each(DIALECTS)('table API bad input on %s', (kind) => {
  let server: TestApp;
  let token: string;
  let context: BadRequestContext;
  let before: unknown;

  const snapshot = async () => {
    const db = server.database.db;
    const rows = await Promise.all(
      TABLES.map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()),
    );
    return Object.fromEntries(TABLES.map((table, index) => [table, rows[index]]));
  };

  const send = async (request: Omit<BadRequest, 'name' | 'status' | 'code'>) => {
    const query = typeof request.query === 'function' ? request.query(context) : request.query;
    const url = `${restUrl(server.baseUrl)}/${request.table ?? 'projects'}${query ? `?${query}` : ''}`;
    const json = request.bodyFor ? request.bodyFor(context) : request.body;
    const body = request.raw ?? (json === undefined ? undefined : JSON.stringify(json));
    const response = await fetch(url, {
      method: request.method ?? 'GET',
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...request.headers,
      },
      body,
    });
    return { response, text: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const ben = await createVerifiedAccount(server.baseUrl, 'ben@mit.edu');
    token = ada.access_token;
    const asAda = clientFor(server.baseUrl, ada.access_token);
    const asBen = clientFor(server.baseUrl, ben.access_token);

    await seedTwoPosters(asAda, asBen);
    const bulk = Array.from({ length: BULK_PROJECTS }, (_, index) => ({
      title: `Bulk project ${index}`,
      description: 'Filler',
    }));
    await asAda.from('projects').insert(bulk).throwOnError();
    const note = { subject: 'Hello', message: 'Nice to meet you' };
    await asBen
      .from('messages')
      .insert({ ...note, id: 'm_ben_ada', recipient_id: ada.user.id })
      .throwOnError();
    await asAda
      .from('messages')
      .insert({ ...note, id: 'm_ada_ben', recipient_id: ben.user.id })
      .throwOnError();
    await asBen
      .from('applications')
      .insert({ id: 'a_ben', project_id: 'p_ada', message: 'I would like to join this project!' })
      .throwOnError();

    const page = await fetch(
      `${restUrl(server.baseUrl)}/projects?select=id&order=created_at.desc&limit=2`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const cursor = page.headers.get('x-next-cursor');
    if (!cursor) throw new Error('no cursor issued for a full page');
    context = { ids: { ada: ada.user.id, ben: ben.user.id }, cursor };
    before = await snapshot();
  });
  afterAll(() => server.close());

  it.each([...BAD_QUERIES, ...BAD_WRITES])('$name -> $status $code', async (request) => {
    const { response, text } = await send(request);
    expectPostgrestError(response, text, request);
    // No stack trace or driver internals leak out.
    expect(text).not.toMatch(/\n\s+at |node_modules|SQLITE_|better-sqlite3/);
  });

  it.each(HARMLESS_VALUES)('SQL in a value is only data: %s', async (_name, query) => {
    const { response, text } = await send({ query });
    expect({ status: response.status, body: JSON.parse(text) as unknown }).toEqual({
      status: 200,
      body: [],
    });
  });

  it('clamps a huge limit to 1000 rows, and a huge offset is just past the end', async () => {
    const huge = await send({
      query: 'select=id&limit=1000000',
      headers: { prefer: 'count=exact' },
    });
    const total = BULK_PROJECTS + 2;
    expect(huge.response.status).toBe(206);
    expect(huge.response.headers.get('content-range')).toBe(`0-999/${total}`);
    expect((JSON.parse(huge.text) as unknown[]).length).toBe(1000);

    const rest = await send({ query: 'select=id&offset=1000&limit=1000000' });
    expect(rest.response.status).toBe(200);
    expect((JSON.parse(rest.text) as unknown[]).length).toBe(total - 1000);

    const far = await send({ query: 'offset=9007199254740991' });
    expect({ status: far.response.status, body: far.text }).toEqual({ status: 200, body: '[]' });
  });

  it('leaves every row as it was, and every table in place', async () => {
    expect(await snapshot()).toEqual(before);
    const tables = (await server.database.db.introspection.getTables()).map((table) => table.name);
    expect(tables).toEqual(expect.arrayContaining([...TABLES, 'auth_accounts']));
    for (const table of TABLES) {
      const { response } = await send({ table, query: 'limit=1' });
      expect(response.status).toBe(200);
    }
  });
});
