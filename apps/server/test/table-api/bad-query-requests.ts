/**
 * Bad query strings for the table API, sent as written (raw fetch, no client re-encoding).
 * Each must be a PostgREST error: 4xx and `{code, message, details, hint}`.
 */

export interface BadRequestContext {
  /** Auth account ids of the two students. */
  ids: { ada: string; ben: string };
  /** A genuine cursor for `projects?order=created_at.desc`. */
  cursor: string;
}

export interface BadRequest {
  name: string;
  /** GET unless said otherwise. */
  method?: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** projects unless said otherwise; sent as written. */
  table?: string;
  query?: string | ((context: BadRequestContext) => string);
  /** JSON-encoded and sent as application/json. */
  body?: unknown;
  /** A body that names generated ids. */
  bodyFor?: (context: BadRequestContext) => unknown;
  /** Sent verbatim as application/json. */
  raw?: string;
  headers?: Record<string, string>;
  status: number;
  code: string;
}

/** Many cases share a status and code: `[name, query]` pairs. */
const all = (status: number, code: string, cases: [string, string][]): BadRequest[] =>
  cases.map(([name, query]) => ({ name, query, status, code }));

const unknownNames: BadRequest[] = [
  { name: 'unknown table', table: 'nope', status: 404, code: 'PGRST205' },
  { name: 'table name with SQL', table: 'users;drop table users', status: 404, code: 'PGRST205' },
  {
    name: 'unknown table on POST',
    method: 'POST',
    table: 'nope',
    body: { a: 1 },
    status: 404,
    code: 'PGRST205',
  },
  ...all(400, 'PGRST204', [
    ['unknown column in select', 'select=id,nope'],
    ['unknown column in a filter', 'nope=eq.1'],
    ['unknown column inside or=()', 'or=(nope.eq.1,title.eq.a)'],
    ['unknown column in order', 'order=nope.desc'],
    ['a column of another table', 'select=referral_count'],
  ]),
];

const malformedFilters: BadRequest[] = all(400, 'PGRST100', [
  ['operator without a value', 'title=eq'],
  ['unknown operator', 'title=foo.bar'],
  ['unterminated in list', 'title=in.(a'],
  ['unterminated or group', 'or=(title.eq.a'],
  ['empty filter', 'title='],
  ['not without an operator', 'title=not.eq'],
  ['parenthesis inside an unquoted in value', 'title=in.(a(b))'],
  ['unbalanced nested group', 'and=(title.eq.a,or(title.eq.b)'],
  ['or without parentheses', 'or=title.eq.a'],
  ['unsupported operator', 'title=cs.{a}'],
  ['filter on an embedded resource', 'owner.name=eq.x'],
  ['is with a non-trilean', 'title=is.maybe'],
  ['logic tree nested past the cap', `or=(${'and('.repeat(70)}title.eq.a${')'.repeat(70)})`],
  ['same single parameter twice', 'limit=1&limit=2'],
]);

const typeErrors: BadRequest[] = [
  { name: 'is.true on a text column', query: 'title=is.true', status: 400, code: '42804' },
  {
    name: 'like on an integer column',
    table: 'users',
    query: 'referral_count=like.1*',
    status: 400,
    code: '42883',
  },
  {
    name: 'word for an integer',
    table: 'users',
    query: 'referral_count=eq.abc',
    status: 400,
    code: '22P02',
  },
  {
    name: 'decimal for an integer',
    table: 'users',
    query: 'referral_count=gt.1.5',
    status: 400,
    code: '22P02',
  },
  {
    name: 'word in an integer list',
    table: 'messages',
    query: 'read_status=in.(0,x)',
    status: 400,
    code: '22P02',
  },
  // PostgreSQL's own answers for these values; PostgREST passes them on as 400.
  {
    name: 'integer out of range',
    table: 'users',
    query: 'referral_count=eq.999999999999999',
    status: 400,
    code: '22003',
  },
  {
    name: 'integer out of range in a list',
    table: 'users',
    query: 'referral_count=in.(1,-999999999999999)',
    status: 400,
    code: '22003',
  },
  { name: 'NUL byte in a text value', query: 'title=eq.a%00b', status: 400, code: '22021' },
  {
    name: 'like pattern ending in an escape',
    query: 'title=like.Tabletop%5C',
    status: 400,
    code: '22025',
  },
  {
    name: 'ilike pattern ending in an escape',
    query: 'title=ilike.tabletop%5C',
    status: 400,
    code: '22025',
  },
];

const malformedOrderAndSelect: BadRequest[] = all(400, 'PGRST100', [
  ['unknown direction', 'order=title.sideways'],
  ['unknown nulls position', 'order=title.asc.nullsmiddle'],
  ['trailing order modifier', 'order=title.asc.nullsfirst.extra'],
  ['aggregate in select', 'select=count()'],
  ['JSON arrow in select', 'select=title->>x'],
  ['cast in select', 'select=title::int'],
  ['embedding in select', 'select=id,owner(*)'],
]);

const injection: BadRequest[] = [
  ...all(400, 'PGRST100', [
    ['statement in a filter column', 'title;drop table users=eq.a'],
    ['quote in a filter column', 'title"=eq.a'],
    ['single quote in a filter column', "title'=eq.a"],
    ['comment in a filter column', 'title/**/=eq.a'],
    ['line comment in a filter column', 'title--=eq.a'],
    ['quoted column and 1=1', '"title" or 1=1 --=eq.a'],
    ['statement in select', 'select=id,title;drop table users'],
    ['subquery in select', 'select=*,(select 1)'],
    ['comment in select', 'select=id/**/'],
    ['from clause in select', 'select="id" from users --'],
    ['statement in order', 'order=title;drop table users'],
    ['subquery in order', 'order=title.desc,(select 1)'],
    ['comment in order', 'order=title--'],
    ['space in order', 'order=title desc'],
    ['1=1 as a condition in or', 'or=(title.eq.a,1=1)'],
    ['statement after an or group', 'or=(title.eq.a);drop table users'],
    ['statement in an unquoted in list', "title=in.(a'); drop table users; --)"],
    ['statement in limit', 'limit=1;drop table users'],
    ['statement in a cursor', "order=created_at.desc&cursor=' or 1=1 --"],
  ]),
  {
    name: 'SQL in an integer value',
    table: 'users',
    query: 'referral_count=eq.1 or 1=1',
    status: 400,
    code: '22P02',
  },
  {
    name: 'statement in columns=',
    method: 'POST',
    query: 'columns=title;drop table users',
    body: { title: 'x', description: 'y' },
    status: 400,
    code: 'PGRST100',
  },
  {
    name: 'statement in on_conflict=',
    method: 'POST',
    query: 'on_conflict=id;drop table users',
    headers: { prefer: 'resolution=merge-duplicates' },
    body: { title: 'x', description: 'y' },
    status: 400,
    code: 'PGRST100',
  },
];

const limits: BadRequest[] = [
  ...all(400, 'PGRST100', [
    ['negative limit', 'limit=-1'],
    ['word limit', 'limit=abc'],
    ['decimal limit', 'limit=1.5'],
    ['exponent limit', 'limit=1e3'],
    ['hex limit', 'limit=0x10'],
    ['limit beyond a safe integer', 'limit=99999999999999999999'],
    ['negative offset', 'offset=-5'],
    ['word offset', 'offset=ten'],
    ['offset beyond a safe integer', 'offset=99999999999999999999'],
  ]),
  { name: 'inverted Range header', headers: { range: '5-2' }, status: 416, code: 'PGRST103' },
];

/** Flips one character of the signed payload, keeping it valid base64url. */
const tamper = (cursor: string) => (cursor.startsWith('A') ? 'B' : 'A') + cursor.slice(1);
const forged = () =>
  `${Buffer.from(JSON.stringify({ v: ['2000-01-01T00:00:00.000Z', 'p_x'], o: 'x' })).toString('base64url')}.${'A'.repeat(43)}`;

const badCursor = (
  name: string,
  query: (context: BadRequestContext) => string,
  table = 'projects',
): BadRequest => ({ name, table, query, status: 400, code: 'PGRST100' });

const cursors: BadRequest[] = [
  badCursor('garbage cursor', () => 'order=created_at.desc&cursor=garbage'),
  badCursor('tampered cursor', (c) => `order=created_at.desc&cursor=${tamper(c.cursor)}`),
  badCursor('forged cursor', () => `order=created_at.desc&cursor=${forged()}`),
  badCursor('cursor with a different order', (c) => `order=created_at.asc&cursor=${c.cursor}`),
  badCursor('cursor with another column', (c) => `order=title.desc&cursor=${c.cursor}`),
  badCursor('cursor without an order', (c) => `cursor=${c.cursor}`),
  badCursor(
    'cursor given twice',
    (c) => `order=created_at.desc&cursor=${c.cursor}&cursor=${c.cursor}`,
  ),
  badCursor('cursor on a nullable order', (c) => `order=timeline&cursor=${c.cursor}`),
  badCursor(
    'cursor from another table',
    (c) => `order=created_at.desc&cursor=${c.cursor}`,
    'users',
  ),
];

const headers: BadRequest[] = [
  {
    name: 'invalid preference with handling=strict',
    headers: { prefer: 'handling=strict, bogus=1' },
    status: 400,
    code: 'PGRST122',
  },
  {
    name: 'one object asked for, many rows',
    headers: { accept: 'application/vnd.pgrst.object+json' },
    status: 406,
    code: 'PGRST116',
  },
];

export const BAD_QUERIES: BadRequest[] = [
  ...unknownNames,
  ...malformedFilters,
  ...typeErrors,
  ...malformedOrderAndSelect,
  ...injection,
  ...limits,
  ...cursors,
  ...headers,
];

/** SQL in a value is only ever data: the query runs and finds nothing. */
export const HARMLESS_VALUES: [string, string][] = [
  ['quote and or 1=1', "title=eq.' or '1'='1"],
  ['statement after a quote', "title=eq.x'; drop table users; --"],
  ['1=1', 'title=eq.1=1'],
  ['comment', 'title=eq./* */'],
  ['like pattern with a quote', "title=like.*' or 1=1 --*"],
  ['quoted in list', `title=in.("x') or ('1'='1","y; drop table users")`],
  ['quoted value in or', `or=(title.eq."' or 1=1 --",title.eq.drop table users)`],
  ['quote in an id', "id=eq.p_ada' --"],
];
