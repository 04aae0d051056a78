import type { BadRequest, BadRequestContext } from './bad-query-requests';

/**
 * Bad writes: server-owned columns, wrong JSON, values breaking the rules, rows one may not
 * touch. Seeded rows: ada's project `p_ada` ("Tabletop Games"), ben's `p_ben`, ben's message
 * to ada `m_ben_ada`, ada's message to ben `m_ada_ben`, ben's application `a_ben` to `p_ada`.
 */

const project = { title: 'New Project', description: 'Something to build' };
const profile = { name: 'Ada Lovelace', university: 'MIT', role: 'Student' };

const post = (table: string, name: string, body: unknown, status: number, code: string) => ({
  name,
  method: 'POST' as const,
  table,
  body,
  status,
  code,
});
const patch = (path: string, name: string, body: unknown, status: number, code: string) => {
  const [table = '', query] = path.split('?');
  return { name, method: 'PATCH' as const, table, query, body, status, code };
};
const postFor = (
  table: string,
  name: string,
  bodyFor: (context: BadRequestContext) => unknown,
  status: number,
  code: string,
): BadRequest => ({ name, method: 'POST', table, bodyFor, status, code });
const message = (context: BadRequestContext) => ({
  recipient_id: context.ids.ben,
  subject: 'Hello',
  message: 'Nice to meet you',
});

const serverOwned: BadRequest[] = [
  post('users', 'users.referral_count on insert', { ...profile, referral_count: 99 }, 403, '42501'),
  post('users', 'users.email on insert', { ...profile, email: 'x@mit.edu' }, 403, '42501'),
  post('users', 'users.user_id on insert', { ...profile, user_id: 'someone' }, 403, '42501'),
  patch(
    'users?name=eq.Ada Lovelace',
    'users.referral_count on update',
    { referral_count: 99 },
    403,
    '42501',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'users.email on update',
    { email: 'x@mit.edu' },
    403,
    '42501',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'users.university on update',
    { university: 'Harvard' },
    403,
    '42501',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'users.referred_by on update',
    { referred_by: 'benbi123' },
    403,
    '42501',
  ),
  post(
    'projects',
    'projects.posted_by_id on insert',
    { ...project, posted_by_id: 'someone' },
    403,
    '42501',
  ),
  post('projects', 'projects.status on insert', { ...project, status: 'Closed' }, 403, '42501'),
  patch(
    'projects?id=eq.p_ada',
    'projects.posted_by_id on update',
    { posted_by_id: 'someone' },
    403,
    '42501',
  ),
  patch(
    'projects?id=eq.p_ada',
    'projects.created_at on update',
    { created_at: '2000-01-01' },
    403,
    '42501',
  ),
  postFor(
    'messages',
    'messages.sender_id on insert',
    (c) => ({ ...message(c), sender_id: c.ids.ben }),
    403,
    '42501',
  ),
  postFor(
    'messages',
    'messages.read_status on insert',
    (c) => ({ ...message(c), read_status: 1 }),
    403,
    '42501',
  ),
  patch(
    'messages?id=eq.m_ben_ada',
    'messages.subject on update',
    { subject: 'Edited' },
    403,
    '42501',
  ),
  post(
    'applications',
    'applications.status on insert',
    { project_id: 'p_ben', message: 'Hi', status: 'Accepted' },
    403,
    '42501',
  ),
  post(
    'applications',
    'applications.applicant_id on insert',
    { project_id: 'p_ben', message: 'Hi', applicant_id: 'x' },
    403,
    '42501',
  ),
];

const wrongJson: BadRequest[] = [
  post('projects', 'number for a text column', { ...project, title: 42 }, 400, '23514'),
  patch('users?name=eq.Ada Lovelace', 'boolean for a text column', { name: true }, 400, '23514'),
  patch('messages?id=eq.m_ben_ada', 'string for read_status', { read_status: '1' }, 400, '23514'),
  patch('projects?id=eq.p_ada', 'array as a PATCH body', [{ title: 'x' }], 400, 'PGRST102'),
  patch('projects?id=eq.p_ada', 'empty object as a PATCH body', {}, 400, 'PGRST102'),
  post('projects', 'empty bulk insert', [], 400, 'PGRST102'),
  post('projects', 'bulk insert of numbers', [1, 2], 400, 'PGRST102'),
  post('projects', 'bulk insert with one non-object', [project, 'x'], 400, 'PGRST102'),
  post('projects', 'null body', null, 400, 'PGRST102'),
  post('projects', 'string body', 'title', 400, 'PGRST102'),
  // PostgREST answers a body it cannot read as JSON with PGRST102 "Empty or invalid json".
  { name: 'non-JSON body', method: 'POST', raw: '{"title":', status: 400, code: 'PGRST102' },
  { name: 'empty POST body', method: 'POST', raw: '', status: 400, code: 'PGRST102' },
  {
    name: 'empty PATCH body',
    method: 'PATCH',
    query: 'id=eq.p_ada',
    raw: '',
    status: 400,
    code: 'PGRST102',
  },
];

const brokenRules: BadRequest[] = [
  post('projects', 'blank title', { ...project, title: '   ' }, 400, '23514'),
  post('projects', 'missing title', { description: 'x' }, 400, '23502'),
  post('projects', 'null title', { ...project, title: null }, 400, '23502'),
  post('projects', '121-character title', { ...project, title: 'x'.repeat(121) }, 400, '23514'),
  post('projects', 'id with spaces and punctuation', { ...project, id: 'bad id!' }, 400, '23514'),
  post('projects', 'skills_needed as a number', { ...project, skills_needed: 42 }, 400, '23514'),
  post(
    'projects',
    'skills_needed as a list of numbers',
    { ...project, skills_needed: [1, 2] },
    400,
    '23514',
  ),
  patch('projects?id=eq.p_ada', 'null description', { description: null }, 400, '23502'),
  patch('projects?id=eq.p_ada', 'unknown project status', { status: 'Archived' }, 400, '23514'),
  postFor(
    'messages',
    '101-character subject',
    (c) => ({ ...message(c), subject: 's'.repeat(101) }),
    400,
    '23514',
  ),
  postFor(
    'messages',
    '501-character message',
    (c) => ({ ...message(c), message: 'm'.repeat(501) }),
    400,
    '23514',
  ),
  postFor('messages', 'blank message', (c) => ({ ...message(c), message: ' \n ' }), 400, '23514'),
  patch('messages?id=eq.m_ben_ada', 'read_status 2', { read_status: 2 }, 400, '23514'),
  patch('messages?id=eq.m_ben_ada', 'read_status back to 0', { read_status: 0 }, 400, '23514'),
  patch(
    'applications?id=eq.a_ben',
    'unknown application status',
    { status: 'Maybe' },
    400,
    '23514',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'javascript: portfolio link',
    { portfolio_link: 'javascript:alert(1)' },
    400,
    '23514',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'javascript: profile picture',
    { profile_picture: 'javascript:alert(1)' },
    400,
    '23514',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'skills that are not a list',
    { skills: 'Python' },
    400,
    '23514',
  ),
  patch('users?name=eq.Ada Lovelace', 'skills as an object', { skills: { a: 1 } }, 400, '23514'),
  patch('users?name=eq.Ada Lovelace', 'unknown role', { role: 'Wizard' }, 400, '23514'),
  patch(
    'users?name=eq.Ada Lovelace',
    'malformed contact email',
    { contact_email: 'not-an-email' },
    400,
    '23514',
  ),
  patch(
    'users?name=eq.Ada Lovelace',
    'notification flag as a word',
    { email_notifications: 'yes' },
    400,
    '23514',
  ),
  patch('users?name=eq.Ada Lovelace', 'null name', { name: null }, 400, '23502'),
];

const refused: BadRequest[] = [
  post('users', 'a second profile', profile, 409, '23505'),
  post('projects', 'an id that exists', { ...project, id: 'p_ada' }, 409, '23505'),
  post(
    'applications',
    'apply to a missing project',
    { project_id: 'p_none', message: 'Hi' },
    409,
    '23503',
  ),
  post(
    'applications',
    "apply to one's own project",
    { project_id: 'p_ada', message: 'Hi' },
    403,
    '42501',
  ),
  post(
    'messages',
    'message a missing account',
    { recipient_id: 'nobody', subject: 'Hi', message: 'Hi' },
    409,
    '23503',
  ),
  postFor(
    'messages',
    'message oneself',
    (c) => ({ ...message(c), recipient_id: c.ids.ada }),
    400,
    '23514',
  ),
  patch(
    'projects?id=eq.p_ben',
    "update someone else's project",
    { title: 'Mine now' },
    403,
    '42501',
  ),
  patch(
    'messages?id=eq.m_ada_ben',
    'the sender marks a message read',
    { read_status: 1 },
    403,
    '42501',
  ),
  {
    name: "delete someone else's project",
    method: 'DELETE',
    query: 'id=eq.p_ben',
    status: 403,
    code: '42501',
  },
  {
    name: "delete someone else's message",
    method: 'DELETE',
    table: 'messages',
    query: 'id=eq.m_ada_ben',
    status: 403,
    code: '42501',
  },
  {
    name: 'unknown column in a body',
    method: 'POST',
    body: { ...project, nope: 1 },
    status: 400,
    code: 'PGRST204',
  },
  patch('projects?id=eq.p_ada', 'unknown column in a PATCH body', { nope: 1 }, 400, 'PGRST204'),
  {
    name: 'on_conflict on a column without a unique key',
    method: 'POST',
    query: 'on_conflict=title',
    headers: { prefer: 'resolution=merge-duplicates' },
    body: project,
    status: 400,
    code: '42P10',
  },
  {
    name: 'on_conflict on an unknown column',
    method: 'POST',
    query: 'on_conflict=nope',
    headers: { prefer: 'resolution=merge-duplicates' },
    body: project,
    status: 400,
    code: 'PGRST204',
  },
  {
    name: 'unknown column in columns=',
    method: 'POST',
    query: 'columns=title,nope',
    body: project,
    status: 400,
    code: 'PGRST204',
  },
];

export const BAD_WRITES: BadRequest[] = [...serverOwned, ...wrongJson, ...brokenRules, ...refused];
