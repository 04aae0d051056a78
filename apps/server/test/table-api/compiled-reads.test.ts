import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { messageRow, profileRow, projectRow } from '../helpers/rows';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * A read's SQL is compiled once per shape of request and run again with each request's values
 * (db/compiled-queries/). These requests share shapes across users and values: each must
 * still see exactly its own rows, through the very same SQL text.
 */
describe.each(DIALECTS)('compiled reads on %s', (kind) => {
  let server: TestApp;
  const recorded: CompiledQuery[] = [];
  const ids: Record<string, string> = {};
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestApp(kind, {}, { onQuery: (query) => recorded.push(query) });
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob', 'cy']);
    Object.assign(ids, students.ids);
    Object.assign(tokens, students.tokens);
    const db = server.database.db;
    await db
      .insertInto('users')
      .values(['ada', 'bob', 'cy'].map((name) => profileRow(name, ids[name]!)))
      .execute();
    await db
      .insertInto('messages')
      .values([
        messageRow('m_to_ada', ids.bob!, ids.ada!),
        messageRow('m_to_bob', ids.cy!, ids.bob!),
        messageRow('m_to_cy', ids.ada!, ids.cy!),
      ])
      .execute();
    await db
      .insertInto('projects')
      .values([
        projectRow('p_app', ids.ada!, { title: 'Campus app', status: 'Open' }),
        projectRow('p_web', ids.bob!, { title: 'Web site', status: 'Open' }),
        projectRow('p_draft', ids.cy!, { title: 'Hidden app', status: 'Closed' }),
      ])
      .execute();
  });
  afterAll(() => server.close());

  const read = async (name: string, path: string) => {
    recorded.length = 0;
    const response = await request<{ id: string }[]>(
      server.baseUrl,
      'GET',
      `/api/db/campus/rest/v1/${path}`,
      { token: tokens[name] },
    );
    expect(response.status).toBe(200);
    const sql = recorded.map((query) => query.sql).find((text) => /select/i.test(text));
    return { ids: response.body.map((row) => row.id).sort(), sql };
  };

  it('shares one statement between users, and each sees only the rows their policy allows', async () => {
    const inbox = 'messages?select=id&order=created_at.desc&limit=20';
    const ada = await read('ada', inbox);
    const bob = await read('bob', inbox);
    const cy = await read('cy', inbox);
    expect(ada.ids).toEqual(['m_to_ada', 'm_to_cy']);
    expect(bob.ids).toEqual(['m_to_ada', 'm_to_bob']);
    expect(cy.ids).toEqual(['m_to_bob', 'm_to_cy']);
    expect(bob.sql).toBe(ada.sql);
    expect(cy.sql).toBe(ada.sql);
    // Kept compiled, not compiled again to the same text.
    expect(server.database.compiledQueries.statementName(ada.sql!)).toBeDefined();
  });

  it('shares a search’s statement between users, one for every term but on PostgreSQL', async () => {
    const search = (term: string) =>
      `projects?select=id&or=(title.ilike.*${term}*,description.ilike.*${term}*)&order=created_at.desc`;
    const app = await read('bob', search('app'));
    const web = await read('bob', search('WEB'));
    // cy's closed project is theirs alone to see, with the same statement.
    const ownApp = await read('cy', search('app'));
    expect(app.ids).toEqual(['p_app']);
    expect(web.ids).toEqual(['p_web']);
    expect(ownApp.ids).toEqual(['p_app', 'p_draft']);
    expect(ownApp.sql).toBe(app.sql);
    // PostgreSQL writes a search's words into its SQL, to plan it for them (dialects/types.ts).
    if (kind !== 'postgres') expect(web.sql).toBe(app.sql);
    else expect(web.sql).toBe(app.sql!.replaceAll("'%app%'", "'%WEB%'"));
  });

  it('builds a new statement when the shape changes, and answers it right', async () => {
    const one = await read('ada', `users?select=id&user_id=in.(${ids.bob})`);
    const two = await read('ada', `users?select=id&user_id=in.(${ids.bob},${ids.cy})`);
    const pattern = await read('ada', 'projects?select=id&title=ilike.campus*');
    const negated = await read('ada', 'projects?select=id&title=not.ilike.campus*');
    expect(one.ids).toEqual(['u_bob']);
    expect(two.ids).toEqual(['u_bob', 'u_cy']);
    expect(two.sql).not.toBe(one.sql);
    expect(pattern.ids).toEqual(['p_app']);
    expect(negated.ids).toEqual(['p_web']);
    expect(negated.sql).not.toBe(pattern.sql);
  });

  it('refuses a bad value in a known shape as it did the first time', async () => {
    const path = (value: string) => `projects?select=id&title=ilike.${value}`;
    expect((await read('ada', path('app*'))).ids).toEqual([]);
    const response = await request(
      server.baseUrl,
      'GET',
      `/api/db/campus/rest/v1/${path('app%5C')}`,
      { token: tokens.ada },
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: '22025' });
  });
});
