import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * docs/security.md, Data: a realtime event and an email follow only rows an insert really wrote.
 * A write that stores nothing (an ignored duplicate, a refused upsert) tells nobody anything.
 */

const REST = '/api/db/campus/rest/v1';
const NAMES = ['ada', 'bob', 'carol'] as const;
type Name = (typeof NAMES)[number];

interface Case {
  name: string;
  table: 'messages' | 'applications';
  query?: string;
  prefer?: string;
  body: (ids: Record<Name, string>) => unknown;
  status: number;
  /** Rows of the answer (return=representation) when it succeeds. */
  rows?: number;
  /** New `*.created` events on bob's private channel, and new emails to bob. */
  events: number;
  emails: number;
}

const note = (id: string, recipient: string, subject = 'Phantom') => ({
  id,
  recipient_id: recipient,
  subject,
  message: 'Did this reach you?',
});
const application = (id: string, project: string) => ({
  id,
  project_id: project,
  message: 'I would like to join this project!',
});

const CASES: Case[] = [
  {
    name: "ignore-duplicates reusing someone else's message id",
    table: 'messages',
    query: '?on_conflict=id',
    prefer: 'resolution=ignore-duplicates',
    body: (ids) => note('m_carol', ids.bob),
    status: 201,
    rows: 0,
    events: 0,
    emails: 0,
  },
  {
    name: "ignore-duplicates reusing someone else's message id, among 30 rows",
    table: 'messages',
    query: '?on_conflict=id',
    prefer: 'resolution=ignore-duplicates',
    body: (ids) => Array.from({ length: 30 }, () => note('m_carol', ids.bob)),
    status: 201,
    rows: 0,
    events: 0,
    emails: 0,
  },
  {
    name: "merge-duplicates onto someone else's message",
    table: 'messages',
    query: '?on_conflict=id',
    prefer: 'resolution=merge-duplicates',
    body: (ids) => note('m_carol', ids.bob),
    status: 403,
    events: 0,
    emails: 0,
  },
  {
    name: "ignore-duplicates reusing someone else's application id",
    table: 'applications',
    query: '?on_conflict=id',
    prefer: 'resolution=ignore-duplicates',
    body: () => application('a_carol', 'p_bob2'),
    status: 201,
    rows: 0,
    events: 0,
    emails: 0,
  },
  {
    name: "merge-duplicates onto someone else's application",
    table: 'applications',
    query: '?on_conflict=id',
    prefer: 'resolution=merge-duplicates',
    body: () => application('a_carol', 'p_bob3'),
    status: 403,
    events: 0,
    emails: 0,
  },
  {
    name: 'one new id twice in one ignore-duplicates request',
    table: 'messages',
    query: '?on_conflict=id',
    prefer: 'resolution=ignore-duplicates',
    body: (ids) => [note('m_twice', ids.bob, 'Twice'), note('m_twice', ids.bob, 'Twice')],
    status: 201,
    rows: 1,
    events: 1,
    emails: 1,
  },
  {
    name: 'three new messages in one request',
    table: 'messages',
    body: (ids) => ['m_one', 'm_two', 'm_three'].map((id) => note(id, ids.bob, 'Bulk')),
    status: 201,
    rows: 3,
    events: 3,
    // Three emails from one sender in a burst (the case above used one), then the inbox only.
    emails: 2,
  },
];

describe.each(DIALECTS)('side effects of inserts on %s', (kind) => {
  let server: TestApp;
  let ids: Record<Name, string>;
  let tokens: Record<Name, string>;

  const post = (as: Name, path: string, body: unknown, prefer = 'return=representation') =>
    request<unknown[]>(server.baseUrl, 'POST', `${REST}/${path}`, {
      token: tokens[as],
      headers: { prefer },
      body,
    });
  /** Every handler of every committed write has run once this resolves. */
  const settle = () => server.app.events.drain();
  const bobEvents = async () => {
    await settle();
    const history = await request<{ messages: { event: string }[] }>(
      server.baseUrl,
      'GET',
      `/api/realtime/campus/messages?channel=user:${ids.bob}&limit=100`,
      { token: tokens.bob },
    );
    return history.body.messages.filter((message) => message.event.endsWith('.created')).length;
  };
  const bobEmails = async () => {
    await settle();
    const outbox = await request<{ emails: unknown[] }>(
      server.baseUrl,
      'GET',
      `/dev/outbox?to=bob@mit.edu&limit=100`,
    );
    return outbox.body.emails.length;
  };

  beforeAll(async () => {
    // The limits on these writes have tests of their own (notifying-write-limits.test.ts).
    server = await startTestApp(kind, { MESSAGE_RATE_LIMIT_PER_MINUTE: '1000' });
    ({ ids, tokens } = await createVerifiedStudents(server.baseUrl, NAMES));
    for (const name of NAMES) {
      const profile = { name: `${name} profile`, university: 'MIT', role: 'Student' };
      expect((await post(name, 'users', profile)).status).toBe(201);
    }
    for (const id of ['p_bob', 'p_bob2', 'p_bob3']) {
      const project = { id, title: `Project ${id}`, description: 'Help wanted' };
      expect((await post('bob', 'projects', project)).status).toBe(201);
    }
    expect((await post('carol', 'messages', note('m_carol', ids.bob, 'Real'))).status).toBe(201);
    expect((await post('carol', 'applications', application('a_carol', 'p_bob'))).status).toBe(201);
  });
  afterAll(() => server.close());

  it.each(CASES)('$name -> $status, $events events', async (scenario) => {
    const events = await bobEvents();
    const emails = await bobEmails();
    const prefer = ['return=representation', scenario.prefer].filter(Boolean).join(', ');
    const response = await post(
      'ada',
      `${scenario.table}${scenario.query ?? ''}`,
      scenario.body(ids),
      prefer,
    );
    expect(response.status, JSON.stringify(response.body)).toBe(scenario.status);
    if (scenario.rows !== undefined) expect(response.body).toHaveLength(scenario.rows);
    else expect(Object.keys(response.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect((await bobEvents()) - events).toBe(scenario.events);
    expect((await bobEmails()) - emails).toBe(scenario.emails);
  });
});
