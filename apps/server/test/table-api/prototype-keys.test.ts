import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { PROTOTYPE_NAMES } from '../helpers/prototype-names';
import { expectPostgrestError } from '../helpers/postgrest-errors';
import { DIALECTS } from '../helpers/test-database';
import { clientFor, restUrl } from './scenario-world';

/**
 * Prototype names in every place of a table request: each is an unknown column, table or
 * preference like any other name, a PostgREST error, never a 500, and never a row written with
 * what it smuggles in.
 */

const TABLES = ['users', 'projects', 'applications', 'messages'] as const;
/** What a smuggled row would carry: NUL and markup, which no valid id holds. */
const EVIL_ID = 'p_evil\u0000<script>alert(1)</script>';

interface Attempt {
  position: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  table?: string;
  query?: string;
  /** Sent verbatim: JSON.stringify cannot write an own `__proto__` key. */
  raw?: string;
  headers?: Record<string, string>;
  status: number;
  code: string;
}

const project = '"title":"Smuggled","description":"From the prototype"';
const evil = JSON.stringify({ id: EVIL_ID, posted_by_id: 'someone', status: 'Closed' });

/** Every place of a table request where a client names something, filled with `name`. */
function attemptsFor(name: string): Attempt[] {
  const unknownColumn = { status: 400, code: 'PGRST204' };
  const post = (position: string, raw: string, query?: string, headers?: Record<string, string>) =>
    ({ position, method: 'POST', raw, query, headers, ...unknownColumn }) as const;
  return [
    { position: 'table name', table: name, status: 404, code: 'PGRST205' },
    {
      position: 'table name on POST',
      method: 'POST',
      table: name,
      raw: `{${project}}`,
      status: 404,
      code: 'PGRST205',
    },
    { position: 'select', query: `select=${name}`, ...unknownColumn },
    { position: 'select after a column', query: `select=id,${name}`, ...unknownColumn },
    { position: 'aliased column', query: `select=id:${name}`, ...unknownColumn },
    { position: 'filter column', query: `${name}=eq.1`, ...unknownColumn },
    { position: 'negated filter column', query: `${name}=not.is.null`, ...unknownColumn },
    { position: 'or group', query: `or=(${name}.eq.1,id.eq.x)`, ...unknownColumn },
    {
      position: 'nested and group',
      query: `or=(id.eq.x,and(${name}.eq.1,title.eq.y))`,
      ...unknownColumn,
    },
    { position: 'negated group', query: `not.and=(${name}.is.null)`, ...unknownColumn },
    { position: 'order', query: `order=${name}`, ...unknownColumn },
    { position: 'order after a column', query: `order=title.asc,${name}.desc`, ...unknownColumn },
    { position: 'cursor', query: `order=id&cursor=${name}`, status: 400, code: 'PGRST100' },
    { position: 'filter operator', query: `id=${name}.1`, status: 400, code: 'PGRST100' },
    { position: 'limit', query: `limit=${name}`, status: 400, code: 'PGRST100' },
    {
      position: 'Prefer name',
      headers: { prefer: `handling=strict, ${name}=1` },
      status: 400,
      code: 'PGRST122',
    },
    {
      position: 'Prefer value',
      headers: { prefer: `handling=strict, count=${name}` },
      status: 400,
      code: 'PGRST122',
    },
    post('insert body key', `{${project},"${name}":${evil}}`),
    post('insert body key alone', `{"${name}":${evil}}`),
    post('insert list body key', `[{${project}},{${project},"${name}":${evil}}]`),
    post(
      'insert body key with columns=',
      `{${project},"${name}":${evil}}`,
      `columns=title,description,${name}`,
    ),
    post('columns=', `{${project}}`, `columns=title,${name}`),
    post('on_conflict', `{${project}}`, `on_conflict=${name}`, {
      prefer: 'resolution=merge-duplicates',
    }),
    post('upsert body key', `{${project},"${name}":${evil}}`, undefined, {
      prefer: 'resolution=merge-duplicates',
    }),
    {
      position: 'update body key',
      method: 'PATCH',
      query: 'id=eq.p_ada',
      raw: `{"${name}":${evil}}`,
      ...unknownColumn,
    },
    {
      position: 'update body key beside a column',
      method: 'PATCH',
      query: 'id=eq.p_ada',
      raw: `{"title":"Renamed","${name}":${evil}}`,
      ...unknownColumn,
    },
    {
      position: 'update filter',
      method: 'PATCH',
      query: `${name}=eq.1`,
      raw: '{"title":"Renamed"}',
      ...unknownColumn,
    },
    { position: 'delete filter', method: 'DELETE', query: `${name}=eq.1`, ...unknownColumn },
  ];
}

const ATTEMPTS = PROTOTYPE_NAMES.flatMap((name) =>
  attemptsFor(name).map((attempt) => ({ name, ...attempt })),
);

describe.each(DIALECTS)('prototype names in table requests on %s', (kind) => {
  let server: TestApp;
  let token: string;
  let before: unknown;

  const snapshot = async () => {
    const db = server.database.db;
    const rows = await Promise.all(
      TABLES.map((table) => db.selectFrom(table).selectAll().orderBy('id').execute()),
    );
    return Object.fromEntries(TABLES.map((table, index) => [table, rows[index]]));
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    token = ada.access_token;
    const asAda = clientFor(server.baseUrl, token);
    await asAda
      .from('users')
      .insert({ name: 'Ada Lovelace', university: 'MIT', role: 'Student' })
      .throwOnError();
    await asAda
      .from('projects')
      .insert({ id: 'p_ada', title: 'Tabletop Games', description: 'Design a board game' })
      .throwOnError();
    before = await snapshot();
  });
  afterAll(() => server.close());

  it.each(ATTEMPTS)('$name as $position -> $status $code', async (attempt) => {
    const query = attempt.query ? `?${attempt.query}` : '';
    const response = await fetch(
      `${restUrl(server.baseUrl)}/${attempt.table ?? 'projects'}${query}`,
      {
        method: attempt.method ?? 'GET',
        headers: {
          authorization: `Bearer ${token}`,
          ...(attempt.raw !== undefined && { 'content-type': 'application/json' }),
          ...attempt.headers,
        },
        body: attempt.raw,
      },
    );
    expectPostgrestError(response, await response.text(), attempt);
  });

  it('stores nothing any of them carried', async () => {
    expect(await snapshot()).toEqual(before);
  });

  it.each(PROTOTYPE_NAMES)('%s as a value is only data', async (name) => {
    const response = await fetch(`${restUrl(server.baseUrl)}/projects?select=id&title=eq.${name}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: [],
    });
  });

  it.each(PROTOTYPE_NAMES.filter((name) => name !== '__proto__'))(
    '%s as an alias names the column in the answer',
    async (name) => {
      const response = await fetch(
        `${restUrl(server.baseUrl)}/projects?select=${name}:id&id=eq.p_ada`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      const rows = (await response.json()) as Record<string, unknown>[];
      expect(response.status).toBe(200);
      expect(rows.map((row) => Object.entries(row))).toEqual([[[name, 'p_ada']]]);
    },
  );

  it('refuses __proto__ as an alias, which no JSON answer could carry as a key', async () => {
    const response = await fetch(`${restUrl(server.baseUrl)}/projects?select=__proto__:id`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect({
      status: response.status,
      code: ((await response.json()) as { code: string }).code,
    }).toEqual({
      status: 400,
      code: 'PGRST100',
    });
  });
});
