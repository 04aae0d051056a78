import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * docs/security.md, Data: one sender cannot bury a student in email. The first few emails of a
 * burst arrive, the last of them says that more will wait in the app, and the rest only show
 * in the app (inbox, dashboard, live badge).
 */

const REST = '/api/db/campus/rest/v1';
const NAMES = ['ada', 'bob', 'carol', 'dan', 'eve'] as const;
type Name = (typeof NAMES)[number];
const EMAILS_PER_BURST = 3;

describe.each(DIALECTS)('email bursts on %s', (kind) => {
  let server: TestApp;
  let ids: Record<Name, string>;
  let tokens: Record<Name, string>;

  const post = (as: Name, table: string, body: unknown) =>
    request(server.baseUrl, 'POST', `${REST}/${table}`, { token: tokens[as], body });
  const emailsTo = async (name: Name) => {
    await server.app.events.drain();
    const outbox = await request<{ emails: { subject: string; text: string }[] }>(
      server.baseUrl,
      'GET',
      `/dev/outbox?to=${name}@mit.edu&limit=100`,
    );
    // Newest first in the outbox; oldest first reads like a mailbox.
    return outbox.body.emails.filter((email) => !email.subject.includes('Verify')).reverse();
  };
  const message = (to: Name, subject: string) => ({
    recipient_id: ids[to],
    subject,
    message: 'Hello there',
  });
  const liveEvents = async (name: Name) => {
    await server.app.events.drain();
    const history = await request<{ messages: { event: string }[] }>(
      server.baseUrl,
      'GET',
      `/api/realtime/campus/messages?channel=user:${ids[name]}&limit=100`,
      { token: tokens[name] },
    );
    return history.body.messages.length;
  };

  beforeAll(async () => {
    // The limits on these writes have tests of their own (test/table-api/notifying-write-limits.test.ts).
    server = await startTestApp(kind, { MESSAGE_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ ids, tokens } = await createVerifiedStudents(server.baseUrl, NAMES));
    for (const name of NAMES) {
      const profile = {
        name: `${name[0]!.toUpperCase()}${name.slice(1)}`,
        university: 'MIT',
        role: 'Student',
      };
      expect((await post(name, 'users', profile)).status).toBe(201);
    }
  });
  afterAll(() => server.close());

  it('sends the first three messages of a burst, says so in the third, and keeps the rest in the inbox', async () => {
    for (let index = 1; index <= 6; index++) {
      expect((await post('ada', 'messages', message('bob', `Note ${index}`))).status).toBe(201);
    }
    const emails = await emailsTo('bob');
    expect(emails.map((email) => email.subject)).toEqual(
      Array(EMAILS_PER_BURST).fill('New message from Ada on CampusCollab'),
    );
    // Emails are composed concurrently, so they may land in any order; which ones is fixed.
    const subjectOf = (text: string) => /Subject: (Note \d)/.exec(text)?.[1];
    expect(emails.map((email) => subjectOf(email.text)).sort()).toEqual([
      'Note 1',
      'Note 2',
      'Note 3',
    ]);
    for (const email of emails) {
      const last = subjectOf(email.text) === 'Note 3';
      expect(/more messages from Ada .*inbox/i.test(email.text), email.text).toBe(last);
    }
    // Every message is in the inbox and reached the live badge.
    const inbox = await request<unknown[]>(
      server.baseUrl,
      'GET',
      `${REST}/messages?recipient_id=eq.${ids.bob}&select=id`,
      { token: tokens.bob },
    );
    expect(inbox.body).toHaveLength(6);
    expect(await liveEvents('bob')).toBe(6);
    // Another sender's burst is counted on its own.
    expect((await post('carol', 'messages', message('bob', 'From Carol'))).status).toBe(201);
    expect((await emailsTo('bob')).at(-1)!.subject).toBe('New message from Carol on CampusCollab');
  });

  it('sends three emails for an array of 30 messages', async () => {
    const burst = Array.from({ length: 30 }, (_, index) => message('dan', `Bulk ${index}`));
    expect((await post('carol', 'messages', burst)).status).toBe(201);
    expect(await emailsTo('dan')).toHaveLength(EMAILS_PER_BURST);
    expect(await liveEvents('dan')).toBe(30);
  });

  it('sends three emails for a burst of applications to one owner', async () => {
    const projects = Array.from({ length: 5 }, (_, index) => ({
      id: `p_eve_${index}`,
      title: `Eve project ${index}`,
      description: 'Help wanted',
    }));
    expect((await post('eve', 'projects', projects)).status).toBe(201);
    for (const project of projects) {
      const application = { project_id: project.id, message: 'I would like to join this project!' };
      expect((await post('dan', 'applications', application)).status).toBe(201);
    }
    const emails = await emailsTo('eve');
    expect(emails).toHaveLength(EMAILS_PER_BURST);
    const notes = emails.filter((email) =>
      /more applications from Dan .*dashboard/i.test(email.text),
    );
    expect(notes).toHaveLength(1);
    expect(await liveEvents('eve')).toBe(5);
  });
});
