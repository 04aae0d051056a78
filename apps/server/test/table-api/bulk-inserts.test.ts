import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Arrays as large as the body limit allows are a client's right, not a server fault: more rows
 * than one statement can bind are written in several statements of one transaction.
 */
const ROWS = 6000;

describe.each(DIALECTS)('bulk inserts on %s', (kind) => {
  let server: TestApp;
  let tokens: Record<'ada' | 'bob', string>;
  beforeAll(async () => {
    server = await startTestApp(kind);
    ({ tokens } = await createVerifiedStudents(server.baseUrl, ['ada', 'bob'] as const));
  });
  afterAll(() => server.close());

  const countProjects = async (prefix: string) =>
    (
      await server.database.db
        .selectFrom('projects')
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where('title', 'like', `${prefix}%`)
        .executeTakeFirstOrThrow()
    ).rows;
  const post = (token: string, body: unknown, query = '', prefer = 'return=minimal') =>
    request(server.baseUrl, 'POST', `/api/db/campus/rest/v1/projects${query}`, {
      token,
      headers: { prefer },
      body,
    });

  it.each([
    { name: 'plain', query: '', prefer: 'return=minimal', distinct: true, stored: ROWS },
    {
      name: 'ignore-duplicates, every row the same id',
      query: '?on_conflict=id',
      prefer: 'resolution=ignore-duplicates',
      distinct: false,
      stored: 1,
    },
    {
      name: 'merge-duplicates, distinct ids',
      query: '?on_conflict=id',
      prefer: 'resolution=merge-duplicates',
      distinct: true,
      stored: ROWS,
    },
  ])('$name: 201 and $stored rows', async ({ name, query, prefer, distinct, stored }) => {
    const prefix = name.slice(0, 5);
    const rows = Array.from({ length: ROWS }, (_, index) => ({
      id: distinct ? `${prefix}_${index}` : `${prefix}_same`,
      title: `${prefix} ${index}`,
      description: 'd',
    }));
    const response = await post(tokens.ada, rows, query, prefer);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    expect(await countProjects(prefix)).toBe(stored);
  });

  it("refuses a large merge that touches someone else's row, and writes nothing", async () => {
    expect((await post(tokens.bob, { id: 'bobs', title: 'Bobs', description: 'd' })).status).toBe(
      201,
    );
    const rows = Array.from({ length: ROWS }, (_, index) => ({
      id: index === ROWS - 1 ? 'bobs' : `steal_${index}`,
      title: `steal ${index}`,
      description: 'd',
    }));
    const response = await post(tokens.ada, rows, '?on_conflict=id', 'resolution=merge-duplicates');
    expect(response.status).toBe(403);
    expect(await countProjects('steal')).toBe(0);
  });
});
