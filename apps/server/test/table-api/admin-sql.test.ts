import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(DIALECTS)('POST /sql and /batch on %s', (kind) => {
  let server: TestApp;
  let studentToken: string;
  const placeholder = (n: number) => (kind === 'postgres' ? `$${n}` : '?');
  const asService = { token: TEST_SERVICE_KEY };

  beforeAll(async () => {
    server = await startTestApp(kind);
    studentToken = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(() => server.close());

  const sql = (body: unknown, token?: string) =>
    request(server.baseUrl, 'POST', '/api/db/campus/sql', { body, token });
  const batch = (body: unknown, token?: string) =>
    request(server.baseUrl, 'POST', '/api/db/campus/batch', { body, token });

  it('is refused to students and strangers', async () => {
    const query = { query: 'select 1 as one' };
    expect((await sql(query)).status).toBe(401);
    expect((await sql(query, studentToken)).status).toBe(403);
    expect((await batch({ statements: [query] }, studentToken)).status).toBe(403);
  });

  it('runs a parameterised query for the service key', async () => {
    const response = await sql(
      {
        query: `select email from auth_accounts where email = ${placeholder(1)}`,
        params: ['ada@mit.edu'],
      },
      asService.token,
    );
    expect(response).toMatchObject({
      status: 200,
      body: { rows: [{ email: 'ada@mit.edu' }], rowCount: 1, truncated: false },
    });
  });

  it('returns at most 1000 rows', async () => {
    const series =
      kind === 'postgres'
        ? 'select n from generate_series(1, 1500) as n'
        : 'with recursive s(n) as (select 1 union all select n + 1 from s where n < 1500) select n from s';
    const response = await sql({ query: series }, asService.token);
    expect(response.body).toMatchObject({ rowCount: 1000, truncated: true });
    expect((response.body.rows as unknown[]).length).toBe(1000);
  });

  it('stops a runaway statement at the timeout and stays responsive', async () => {
    const endless =
      kind === 'postgres'
        ? 'select pg_sleep(30)'
        : 'with recursive s(n) as (select 1 union all select n + 1 from s) select count(*) from s';
    const started = Date.now();
    const response = await sql({ query: endless }, asService.token);
    expect(response.status).toBe(408);
    expect(response.body).toMatchObject({ code: '57014' });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await request(server.baseUrl, 'GET', '/api/health')).status).toBe(200);
  });

  it('runs a batch in one transaction and rolls it back whole on an error', async () => {
    const insert = (id: string) => ({
      query: `insert into email_outbox (id, to_address, subject, text_body, html_body, created_at) values (${placeholder(1)}, 'x@mit.edu', 's', 't', 'h', 'now')`,
      params: [id],
    });
    const failed = await batch(
      { statements: [insert('batch-1'), { query: 'select * from no_such_table' }] },
      asService.token,
    );
    expect(failed.status).toBe(400);
    const count = async () =>
      (
        await server.database.db
          .selectFrom('email_outbox')
          .select('id')
          .where('id', 'like', 'batch-%')
          .execute()
      ).length;
    expect(await count()).toBe(0);

    const done = await batch(
      { statements: [insert('batch-1'), insert('batch-2')] },
      asService.token,
    );
    expect(done).toMatchObject({
      status: 200,
      body: { results: [{ rowCount: 1 }, { rowCount: 1 }] },
    });
    expect(await count()).toBe(2);
  });

  it('refuses writes in read mode', async () => {
    const response = await batch(
      { mode: 'read', statements: [{ query: "delete from email_outbox where id like 'batch-%'" }] },
      asService.token,
    );
    expect(response.status).toBe(400);
    expect(
      (
        await server.database.db
          .selectFrom('email_outbox')
          .select('id')
          .where('id', 'like', 'batch-%')
          .execute()
      ).length,
    ).toBe(2);
  });

  it('validates its body', async () => {
    expect((await sql({ query: '' }, asService.token)).status).toBe(400);
    expect((await batch({ statements: [] }, asService.token)).status).toBe(400);
    expect(
      (await batch({ statements: [{ query: 'select 1' }], mode: 'sideways' }, asService.token))
        .status,
    ).toBe(400);
  });
});
