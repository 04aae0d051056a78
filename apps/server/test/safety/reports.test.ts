import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccountThroughSink, emailsTo, type Account } from '../notifications/fixtures';
import { messageRow, profileRow, projectRow } from '../helpers/rows';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { REST, SAFETY } from './world';

const ADMIN = 'safety-team@campus.example';

/**
 * Reporting: a student reports what they can see, once per target, within a rate limit; the
 * operator's address gets one email per stored report, never for a refused one; students can
 * read no report at all.
 */
describe.each(DIALECTS)('reports on %s', (kind) => {
  let server: TestApp;
  let sink: SmtpSink;
  let ada: Account;
  let ben: Account;
  let cy: Account;

  const report = (account: Account, body: unknown) =>
    request(server.baseUrl, 'POST', `${SAFETY}/reports`, { token: account.access_token, body });

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, { SMTP_URL: sink.url, ADMIN_EMAIL: ADMIN });
    ada = await createAccountThroughSink(server, sink, 'ada@mit.edu');
    ben = await createAccountThroughSink(server, sink, 'ben@mit.edu');
    cy = await createAccountThroughSink(server, sink, 'cy@mit.edu');
    const db = server.database.db;
    for (const [name, account] of [
      ['ada', ada],
      ['ben', ben],
      ['cy', cy],
    ] as const) {
      await db.insertInto('users').values(profileRow(name, account.user.id)).execute();
    }
    await db
      .insertInto('projects')
      .values(projectRow('p_ben', ben.user.id, { title: 'Ben’s Robots', status: 'Open' }))
      .execute();
    await db
      .insertInto('messages')
      .values(messageRow('m_ben', ben.user.id, ada.user.id, { subject: 'Buy followers' }))
      .execute();
    await db
      .insertInto('messages')
      .values(messageRow('m_private', ben.user.id, cy.user.id))
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('stores a report and mails the operator once, link-free; a duplicate mails nobody', async () => {
    const first = await report(ada, {
      target_kind: 'message',
      target_id: 'm_ben',
      reason: 'Spam',
      details: 'Sent to the whole class',
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      target_kind: 'message',
      target_id: 'm_ben',
      status: 'open',
    });
    expect(first.body).not.toHaveProperty('reporter_id');
    const mail = await sink.waitFor(ADMIN, (email) => email.text.includes('m_ben'));
    expect(mail.subject).toContain('Spam');
    expect(mail.text).toContain('Sent to the whole class');
    expect(mail.text).toContain(ben.user.id);
    expect(mail.text).not.toMatch(/https?:\/\//);
    expect(mail.html).not.toMatch(/<a\s/i);

    const again = await report(ada, {
      target_kind: 'message',
      target_id: 'm_ben',
      reason: 'Other',
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: 'REPORT_EXISTS',
      message: 'You have already reported this',
    });

    const second = await report(ada, {
      target_kind: 'project',
      target_id: 'p_ben',
      reason: 'Other',
    });
    expect(second.status).toBe(201);
    await sink.waitFor(ADMIN, (email) => email.text.includes('p_ben'));
    const profile = await report(cy, {
      target_kind: 'profile',
      target_id: ben.user.id,
      reason: 'Impersonation',
    });
    expect(profile.status).toBe(201);
    await sink.waitFor(ADMIN, (email) => email.text.includes('Impersonation'));
    expect(emailsTo(sink, ADMIN)).toHaveLength(3);
  });

  it('refuses malformed bodies with a clear 400', async () => {
    const cases: unknown[] = [
      [{ target_kind: 'project', target_id: 'p_ben', reason: 'Spam' }],
      JSON.parse(
        '{"target_kind":"project","target_id":"p_ben","reason":"Spam","__proto__":{"x":1}}',
      ),
      { target_kind: 'project', target_id: 'p_ben', reason: 'I just do not like it' },
      { target_kind: 'account', target_id: 'p_ben', reason: 'Spam' },
      { target_kind: 'project', target_id: 'p_ben', reason: 'Spam', details: 'x'.repeat(1001) },
      { target_kind: 'project', target_id: 'p_ben', reason: 'Spam', reporter_id: ben.user.id },
    ];
    for (const body of cases) {
      const answer = await report(cy, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
  });

  it('refuses a target that does not exist or the reporter cannot see, or their own', async () => {
    const missing = await report(ada, {
      target_kind: 'project',
      target_id: 'p_none',
      reason: 'Spam',
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'NOT_FOUND' });
    // A message between ben and cy: ada cannot see it, so she cannot learn it exists either.
    const hidden = await report(ada, {
      target_kind: 'message',
      target_id: 'm_private',
      reason: 'Spam',
    });
    const noMessage = await report(ada, {
      target_kind: 'message',
      target_id: 'm_none',
      reason: 'Spam',
    });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toEqual(noMessage.body);
    const own = await report(ben, { target_kind: 'project', target_id: 'p_ben', reason: 'Spam' });
    expect(own.status).toBe(400);
    const self = await report(ben, {
      target_kind: 'profile',
      target_id: ben.user.id,
      reason: 'Spam',
    });
    expect(self.status).toBe(400);
  });

  it('lets no student read reports, through any route', async () => {
    const list = await request(server.baseUrl, 'GET', `${SAFETY}/reports`, {
      token: ada.access_token,
    });
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 'FORBIDDEN' });
    const table = await request(server.baseUrl, 'GET', `${REST}/reports`, {
      token: ada.access_token,
    });
    expect(table.status).toBe(404);
    const anonymous = await request(server.baseUrl, 'POST', `${SAFETY}/reports`, {
      body: { target_kind: 'project', target_id: 'p_ben', reason: 'Spam' },
    });
    expect(anonymous.status).toBe(401);
  });

  it('limits how many reports one student sends', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const answer = await report(cy, {
        target_kind: 'project',
        target_id: 'p_ben',
        reason: 'Spam',
      });
      statuses.push(answer.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
  });
});
