import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { applicationRow, messageRow, profileRow, projectRow } from '../helpers/rows';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

type Actor = 'ada' | 'bob' | 'carol' | 'anon';
type Row = Record<string, unknown>;

interface Step {
  table: 'users' | 'projects' | 'applications' | 'messages';
  verb: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  as: Actor;
  /** Query string, with {ada}/{bob}/{carol} replaced by account ids. */
  query?: string;
  body?: Row | Row[];
  status: number;
  /** Ids of the rows the response carries (reads, and writes with return=representation). */
  ids?: string[];
  check?: (rows: Row[]) => void;
}

/**
 * The policy tables of docs/product.md §6, cell by cell. Ada owns a profile, an open and a closed
 * project; Bob applied to Ada's open project and wrote Ada a message; Carol has no profile.
 * Steps run in order; later ones see earlier writes.
 */
const steps: Step[] = [
  // users: everyone signed in reads; email, referred_by and switches only on one's own row
  { table: 'users', verb: 'GET', as: 'anon', status: 401 },
  {
    table: 'users',
    verb: 'GET',
    as: 'ada',
    query: 'order=id',
    status: 200,
    ids: ['u_ada', 'u_bob'],
    check: (rows) => {
      expect(rows.find((r) => r.id === 'u_ada')).toMatchObject({
        email: 'ada@mit.edu',
        email_notifications: '1',
      });
      expect(rows.find((r) => r.id === 'u_bob')).toMatchObject({
        email: null,
        referred_by: null,
        email_notifications: null,
      });
    },
  },
  {
    table: 'users',
    verb: 'GET',
    as: 'carol',
    query: 'order=id',
    status: 200,
    ids: ['u_ada', 'u_bob'],
    check: (rows) => {
      expect(rows.every((r) => r.email === null)).toBe(true);
    },
  },
  // A filter on a hidden column cannot find someone else's row.
  { table: 'users', verb: 'GET', as: 'carol', query: 'email=eq.ada@mit.edu', status: 200, ids: [] },
  {
    table: 'users',
    verb: 'GET',
    as: 'ada',
    query: 'email=eq.ada@mit.edu',
    status: 200,
    ids: ['u_ada'],
  },
  {
    table: 'users',
    verb: 'POST',
    as: 'anon',
    body: { name: 'Anon', university: 'MIT', role: 'Student' },
    status: 401,
  },
  {
    table: 'users',
    verb: 'POST',
    as: 'ada',
    body: { name: 'Ada Again', university: 'MIT', role: 'Student' },
    status: 409,
  },
  {
    table: 'users',
    verb: 'POST',
    as: 'carol',
    body: { name: 'Carol', university: 'MIT', role: 'Student', user_id: '{ada}' },
    status: 403,
  },
  {
    table: 'users',
    verb: 'POST',
    as: 'carol',
    body: { name: 'Carol', university: 'MIT', role: 'Student', referral_count: 99 },
    status: 403,
  },
  {
    table: 'users',
    verb: 'PATCH',
    as: 'bob',
    query: 'id=eq.u_ada',
    body: { bio: 'hacked' },
    status: 403,
  },
  {
    table: 'users',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.u_ada',
    body: { referral_count: 50 },
    status: 403,
  },
  {
    table: 'users',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.u_ada',
    body: { university: 'Harvard' },
    status: 403,
  },
  // An unfiltered bulk update changes only the caller's own row.
  {
    table: 'users',
    verb: 'PATCH',
    as: 'ada',
    body: { bio: 'Poet of numbers' },
    status: 200,
    ids: ['u_ada'],
  },
  {
    table: 'users',
    verb: 'PATCH',
    as: 'anon',
    query: 'id=eq.u_ada',
    body: { bio: 'x' },
    status: 401,
  },
  { table: 'users', verb: 'DELETE', as: 'bob', query: 'id=eq.u_ada', status: 403 },
  { table: 'users', verb: 'DELETE', as: 'anon', query: 'id=eq.u_ada', status: 401 },

  // projects: Open ones and one's own
  { table: 'projects', verb: 'GET', as: 'anon', status: 401 },
  { table: 'projects', verb: 'GET', as: 'bob', query: 'order=id', status: 200, ids: ['p_open'] },
  {
    table: 'projects',
    verb: 'GET',
    as: 'ada',
    query: 'order=id',
    status: 200,
    ids: ['p_closed', 'p_open'],
  },
  {
    table: 'projects',
    verb: 'POST',
    as: 'bob',
    body: { id: 'p_bob', title: 'Robots', description: 'Build one' },
    status: 201,
    ids: ['p_bob'],
    check: (rows) => {
      expect(rows[0]).toMatchObject({ posted_by: 'bob', status: 'Open' });
    },
  },
  {
    table: 'projects',
    verb: 'POST',
    as: 'bob',
    body: { title: 'Mine', description: 'x', posted_by_id: '{ada}' },
    status: 403,
  },
  {
    table: 'projects',
    verb: 'POST',
    as: 'bob',
    body: { title: 'Closed from birth', description: 'x', status: 'Closed' },
    status: 403,
  },
  {
    table: 'projects',
    verb: 'PATCH',
    as: 'bob',
    query: 'id=eq.p_open',
    body: { title: 'Stolen' },
    status: 403,
  },
  // Rows one cannot see are not changed and not admitted to.
  {
    table: 'projects',
    verb: 'PATCH',
    as: 'bob',
    query: 'id=eq.p_closed',
    body: { title: 'Stolen' },
    status: 200,
    ids: [],
  },
  {
    table: 'projects',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.p_open',
    body: { title: 'Engines, revised' },
    status: 200,
    ids: ['p_open'],
  },
  { table: 'projects', verb: 'DELETE', as: 'ada', query: 'id=eq.p_bob', status: 403 },
  { table: 'projects', verb: 'DELETE', as: 'anon', query: 'id=eq.p_bob', status: 401 },

  // applications: the applicant and the project's owner
  { table: 'applications', verb: 'GET', as: 'bob', status: 200, ids: ['a_bob'] },
  { table: 'applications', verb: 'GET', as: 'ada', status: 200, ids: ['a_bob'] },
  { table: 'applications', verb: 'GET', as: 'carol', status: 200, ids: [] },
  { table: 'applications', verb: 'GET', as: 'anon', status: 401 },
  {
    table: 'applications',
    verb: 'POST',
    as: 'bob',
    body: { project_id: 'p_open', message: 'Again!' },
    status: 409,
  },
  {
    table: 'applications',
    verb: 'POST',
    as: 'ada',
    body: { project_id: 'p_open', message: 'Me!' },
    status: 403,
  },
  {
    table: 'applications',
    verb: 'POST',
    as: 'carol',
    body: { project_id: 'p_closed', message: 'Me!' },
    status: 409,
  },
  {
    table: 'applications',
    verb: 'POST',
    as: 'carol',
    body: { id: 'a_carol', project_id: 'p_open', message: 'Me!', status: 'Accepted' },
    status: 403,
  },
  {
    table: 'applications',
    verb: 'POST',
    as: 'carol',
    body: { id: 'a_carol', project_id: 'p_open', message: 'Me!' },
    status: 201,
    ids: ['a_carol'],
    check: (rows) => {
      expect(rows[0]).toMatchObject({ status: 'Pending' });
    },
  },
  {
    table: 'applications',
    verb: 'PATCH',
    as: 'bob',
    query: 'id=eq.a_bob',
    body: { status: 'Accepted' },
    status: 403,
  },
  {
    table: 'applications',
    verb: 'PATCH',
    as: 'carol',
    query: 'id=eq.a_bob',
    body: { status: 'Accepted' },
    status: 200,
    ids: [],
  },
  {
    table: 'applications',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.a_bob',
    body: { status: 'Pending' },
    status: 400,
  },
  {
    table: 'applications',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.a_bob',
    body: { message: 'Changed' },
    status: 403,
  },
  {
    table: 'applications',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.a_bob',
    body: { status: 'Accepted' },
    status: 200,
    ids: ['a_bob'],
  },
  { table: 'applications', verb: 'DELETE', as: 'ada', query: 'id=eq.a_carol', status: 403 },
  {
    table: 'applications',
    verb: 'DELETE',
    as: 'carol',
    query: 'id=eq.a_carol',
    status: 200,
    ids: ['a_carol'],
  },

  // messages: the recipient (and the sender) read; the recipient marks read and deletes
  { table: 'messages', verb: 'GET', as: 'ada', status: 200, ids: ['m_bob_to_ada'] },
  { table: 'messages', verb: 'GET', as: 'bob', status: 200, ids: ['m_bob_to_ada'] },
  { table: 'messages', verb: 'GET', as: 'carol', status: 200, ids: [] },
  { table: 'messages', verb: 'GET', as: 'anon', status: 401 },
  {
    table: 'messages',
    verb: 'POST',
    as: 'bob',
    body: { recipient_id: '{ada}', subject: 'Hi', message: 'Hello', sender_id: '{carol}' },
    status: 403,
  },
  {
    table: 'messages',
    verb: 'POST',
    as: 'bob',
    body: { recipient_id: 'nobody', subject: 'Hi', message: 'Hello' },
    status: 409,
  },
  {
    table: 'messages',
    verb: 'POST',
    as: 'bob',
    body: { recipient_id: '{bob}', subject: 'Hi', message: 'Me' },
    status: 400,
  },
  {
    table: 'messages',
    verb: 'POST',
    as: 'bob',
    body: { recipient_id: '{ada}', subject: '   ', message: 'Hello' },
    status: 400,
  },
  {
    table: 'messages',
    verb: 'POST',
    as: 'carol',
    body: { id: 'm_carol', recipient_id: '{ada}', subject: 'Hi Ada', message: 'Hello' },
    status: 201,
    ids: ['m_carol'],
    check: (rows) => {
      expect(rows[0]).toMatchObject({ read_status: 0 });
    },
  },
  {
    table: 'messages',
    verb: 'PATCH',
    as: 'bob',
    query: 'id=eq.m_bob_to_ada',
    body: { read_status: 1 },
    status: 403,
  },
  {
    table: 'messages',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.m_bob_to_ada',
    body: { subject: 'Edited' },
    status: 403,
  },
  {
    table: 'messages',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.m_bob_to_ada',
    body: { read_status: 1 },
    status: 200,
    ids: ['m_bob_to_ada'],
  },
  {
    table: 'messages',
    verb: 'PATCH',
    as: 'ada',
    query: 'id=eq.m_bob_to_ada',
    body: { read_status: 0 },
    status: 400,
  },
  { table: 'messages', verb: 'DELETE', as: 'bob', query: 'id=eq.m_bob_to_ada', status: 403 },
  {
    table: 'messages',
    verb: 'DELETE',
    as: 'carol',
    query: 'id=eq.m_bob_to_ada',
    status: 200,
    ids: [],
  },
  {
    table: 'messages',
    verb: 'DELETE',
    as: 'ada',
    query: 'id=eq.m_bob_to_ada',
    status: 200,
    ids: ['m_bob_to_ada'],
  },

  // Deletes the owner may do, last because they cascade.
  { table: 'projects', verb: 'DELETE', as: 'bob', status: 200, ids: ['p_bob'] },
  { table: 'users', verb: 'DELETE', as: 'ada', query: 'id=eq.u_ada', status: 200, ids: ['u_ada'] },
];

describe.each(DIALECTS)('access policies on %s', (kind) => {
  let server: TestApp;
  const tokens: Partial<Record<Actor, string>> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestApp(kind);
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob', 'carol']);
    Object.assign(ids, students.ids);
    Object.assign(tokens, students.tokens);
    const db = server.database.db;
    await db
      .insertInto('users')
      .values([profileRow('ada', ids.ada!), profileRow('bob', ids.bob!)])
      .execute();
    const adaProject = { title: 'Engines', description: 'Analytical', posted_by: 'ada' };
    await db
      .insertInto('projects')
      .values([
        projectRow('p_open', ids.ada!, { ...adaProject, status: 'Open' }),
        projectRow('p_closed', ids.ada!, { ...adaProject, status: 'Closed' }),
      ])
      .execute();
    await db
      .insertInto('applications')
      .values(applicationRow('a_bob', 'p_open', ids.bob!))
      .execute();
    await db
      .insertInto('messages')
      .values(messageRow('m_bob_to_ada', ids.bob!, ids.ada!))
      .execute();
  });
  afterAll(() => server.close());

  const fill = (text: string) =>
    text.replace(/\{(ada|bob|carol)\}/g, (_, name: string) => ids[name]!);

  it.each(steps)('$table $verb as $as ($query) -> $status', async (step) => {
    const path = `/api/db/campus/rest/v1/${step.table}${step.query ? `?${fill(step.query)}` : ''}`;
    const body = step.body === undefined ? undefined : JSON.parse(fill(JSON.stringify(step.body)));
    const response = await request<Row[] | Row>(server.baseUrl, step.verb, path, {
      body,
      token: step.as === 'anon' ? undefined : tokens[step.as],
      headers: step.verb === 'GET' ? {} : { prefer: 'return=representation' },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(step.status);
    if (step.status >= 400) {
      expect(response.body).toHaveProperty('code');
      return;
    }
    const rows = response.body as Row[];
    if (step.ids) expect(rows.map((row) => row.id).sort()).toEqual([...step.ids].sort());
    step.check?.(rows);
  });
});
