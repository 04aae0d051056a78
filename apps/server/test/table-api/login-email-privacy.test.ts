import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../src/db/migrations/013-poster-names';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { clientFor, restUrl } from './scenario-world';
import { seedTwoPosters } from './two-posters';

/**
 * A student's login email is theirs alone (users.email is owner-only): nothing another student
 * reads, in any table, on their realtime channel or in the emails they are sent, may carry it.
 * Projects name their poster by profile name instead.
 */

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;
const TABLES = ['users', 'projects', 'applications', 'messages'] as const;

describe.each(DIALECTS)("another student's login email on %s", (kind) => {
  let server: TestApp;
  let ada: Account;
  let ben: Account;
  let cy: Account;

  const readAs = async (account: Account, path: string) => {
    const response = await fetch(`${restUrl(server.baseUrl)}/${path}`, {
      headers: { authorization: `Bearer ${account.access_token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as Record<string, unknown>[];
  };
  const postersOf = async (account: Account) =>
    Object.fromEntries(
      (await readAs(account, 'projects?select=id,posted_by&order=id')).map((row) => [
        row.id,
        row.posted_by,
      ]),
    );

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, 'Ada.Private@mit.edu');
    ben = await createVerifiedAccount(server.baseUrl, 'ben@mit.edu');
    cy = await createVerifiedAccount(server.baseUrl, 'cy@mit.edu');
    const asAda = clientFor(server.baseUrl, ada.access_token);
    const asBen = clientFor(server.baseUrl, ben.access_token);
    const asCy = clientFor(server.baseUrl, cy.access_token);

    // Cy posts before having a profile; Ada and Ben have theirs first.
    await asCy
      .from('projects')
      .insert({ id: 'p_cy', title: 'Early Bird', description: 'Posted first' })
      .throwOnError();
    await seedTwoPosters(asAda, asBen);
    await asAda
      .from('applications')
      .insert({ id: 'a_ada', project_id: 'p_ben', message: 'I would like to join this project!' })
      .throwOnError();
    await asBen
      .from('applications')
      .insert({ id: 'a_ben', project_id: 'p_ada', message: 'I would like to join this project!' })
      .throwOnError();
    await asBen
      .from('applications')
      .update({ status: 'Accepted' })
      .eq('id', 'a_ada')
      .throwOnError();
    await asAda
      .from('messages')
      .insert({ id: 'm_ada', recipient_id: ben.user.id, subject: 'Hello', message: 'Hi Ben' })
      .throwOnError();
    await asBen
      .from('messages')
      .insert({ id: 'm_ben', recipient_id: ada.user.id, subject: 'Re: Hello', message: 'Hi Ada' })
      .throwOnError();
    // The domain emails and realtime events are sent after the commit.
    await server.app.events.drain();
  });
  afterAll(() => server.close());

  it.each(TABLES)('%s?select=* read by another student never holds it', async (table) => {
    const rows = await readAs(ben, `${table}?select=*`);
    expect(rows.length).toBeGreaterThan(0);
    expect(JSON.stringify(rows).toLowerCase()).not.toContain('ada.private');
  });

  it.each([
    ['users', 'email'],
    ['projects', 'posted_by'],
  ])('%s filtered on %s finds nothing of it for another student', async (table, column) => {
    expect(await readAs(ben, `${table}?select=id&${column}=ilike.*ada.private*`)).toEqual([]);
  });

  it('projects name their poster by profile name, and a poster without one as a student', async () => {
    expect(await postersOf(ben)).toEqual({
      p_ada: 'Ada Lovelace',
      p_ben: 'Ben Bitdiddle',
      p_cy: 'A student',
    });
  });

  it('a renamed or new profile renames the poster of every project', async () => {
    await clientFor(server.baseUrl, ada.access_token)
      .from('users')
      .update({ name: 'Ada King' })
      .eq('user_id', ada.user.id)
      .throwOnError();
    await clientFor(server.baseUrl, cy.access_token)
      .from('users')
      .insert({ name: 'Cy Clark', university: 'MIT', role: 'Student' })
      .throwOnError();
    expect(await postersOf(ben)).toEqual({
      p_ada: 'Ada King',
      p_ben: 'Ben Bitdiddle',
      p_cy: 'Cy Clark',
    });
  });

  it("nor does another student's realtime channel or their emails", async () => {
    const history = await request(
      server.baseUrl,
      'GET',
      `/api/realtime/campus/messages?channel=user:${ben.user.id}&limit=200`,
      { token: ben.access_token },
    );
    expect(history.status).toBe(200);
    expect(JSON.stringify(history.body)).toContain(ada.user.id);
    expect(JSON.stringify(history.body).toLowerCase()).not.toContain('ada.private');

    const mail = await request<{ emails: unknown[] }>(
      server.baseUrl,
      'GET',
      '/dev/outbox?to=ben@mit.edu&limit=100',
    );
    // Ada's message and application reached Ben by email, without her address.
    expect(mail.body.emails.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(mail.body).toLowerCase()).not.toContain('ada.private');
  });

  it('the migration replaces addresses stored before it with profile names', async () => {
    const db = server.database.db;
    await down(db);
    await db.updateTable('projects').set({ posted_by: 'ada.private@mit.edu' }).execute();
    await up(db);
    const rows = await db
      .selectFrom('projects')
      .select(['id', 'posted_by'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'p_ada', posted_by: 'Ada King' },
      { id: 'p_ben', posted_by: 'Ben Bitdiddle' },
      { id: 'p_cy', posted_by: 'Cy Clark' },
    ]);
  });
});
