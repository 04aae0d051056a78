import { FILTER_SCENARIOS } from './filter-scenarios';
import {
  ALPHA,
  BETA,
  DELTA,
  EPSILON,
  GAMMA,
  titles,
  VISIBLE_TITLES,
  ZETA,
  type Client,
  type Scenario,
} from './scenario-world';

/** Reads through postgrest-js, as ada unless `as` says otherwise. They change nothing. */

const projectTitles = (db: Client) => db.from('projects').select('title');
const ALL = titles(...VISIBLE_TITLES);
const notFound = {
  code: 'PGRST116',
  message: 'JSON object requested, multiple (or no) rows returned',
};

const ordering: Scenario[] = [
  { name: 'order asc', build: (db) => projectTitles(db).order('title'), status: 200, data: ALL },
  {
    name: 'order desc',
    build: (db) => projectTitles(db).order('title', { ascending: false }),
    status: 200,
    data: [...ALL].reverse(),
  },
  {
    name: 'order by created_at desc (newest first)',
    build: (db) => projectTitles(db).order('created_at', { ascending: false }),
    status: 200,
    data: titles(ZETA, EPSILON, DELTA, GAMMA, BETA, ALPHA),
  },
  {
    name: 'nullable column asc, nulls first, then a second key',
    build: (db) => projectTitles(db).order('timeline', { nullsFirst: true }).order('title'),
    status: 200,
    data: titles(BETA, EPSILON, GAMMA, ZETA, ALPHA, DELTA),
  },
  {
    name: 'nullable column desc, nulls last',
    build: (db) =>
      projectTitles(db).order('timeline', { ascending: false, nullsFirst: false }).order('title'),
    status: 200,
    data: titles(DELTA, ALPHA, ZETA, GAMMA, BETA, EPSILON),
  },
  {
    name: 'nullable column asc puts nulls last by default (as PostgreSQL)',
    build: (db) => projectTitles(db).order('timeline').order('title'),
    status: 200,
    data: titles(GAMMA, ZETA, ALPHA, DELTA, BETA, EPSILON),
  },
  {
    name: 'nullable column desc puts nulls first by default (as PostgreSQL)',
    build: (db) => projectTitles(db).order('timeline', { ascending: false }).order('title'),
    status: 200,
    data: titles(BETA, EPSILON, DELTA, ALPHA, ZETA, GAMMA),
  },
  {
    name: 'users by city, nulls first',
    build: (db) => db.from('users').select('name,city').order('city', { nullsFirst: true }),
    status: 200,
    data: [
      { name: 'Ben Bitdiddle', city: null },
      { name: 'Ada Lovelace', city: 'Boston' },
      { name: 'Cy Clark', city: 'Oxford' },
      { name: 'Dee Dee', city: 'Palo Alto' },
    ],
  },
  {
    name: 'several keys, mixed directions',
    build: (db) =>
      db
        .from('users')
        .select('name,university')
        .order('university')
        .order('name', { ascending: false }),
    status: 200,
    data: [
      { name: 'Ben Bitdiddle', university: 'MIT' },
      { name: 'Ada Lovelace', university: 'MIT' },
      { name: 'Cy Clark', university: 'Oxford' },
      { name: 'Dee Dee', university: 'Stanford' },
    ],
  },
];

const paging: Scenario[] = [
  {
    name: 'range(1, 2)',
    build: (db) => projectTitles(db).order('title').range(1, 2),
    status: 200,
    data: titles(BETA, DELTA),
  },
  {
    name: 'limit(2)',
    build: (db) => projectTitles(db).order('title').limit(2),
    status: 200,
    data: titles(ALPHA, BETA),
  },
  {
    name: 'range running past the end',
    build: (db) => projectTitles(db).order('title').range(4, 10),
    status: 200,
    data: titles(GAMMA, ZETA),
  },
  {
    name: 'range wholly past the end',
    build: (db) => projectTitles(db).order('title').range(10, 12),
    status: 200,
    data: [],
  },
  {
    name: 'count exact, all rows returned',
    build: (db, world) =>
      db
        .from('projects')
        .select('title', { count: 'exact' })
        .eq('posted_by_id', world.ids.ada)
        .order('title'),
    status: 200,
    data: titles(ALPHA, BETA),
    count: 2,
  },
  {
    name: 'count exact with a partial range is 206',
    build: (db) =>
      db.from('projects').select('title', { count: 'exact' }).order('title').range(0, 1),
    status: 206,
    data: titles(ALPHA, BETA),
    count: 6,
  },
  {
    name: 'count exact, head only',
    build: (db) => db.from('projects').select('*', { count: 'exact', head: true }),
    status: 200,
    data: null,
    count: 6,
  },
  {
    name: 'count exact, head only, filtered',
    build: (db) =>
      db.from('users').select('*', { count: 'exact', head: true }).eq('university', 'MIT'),
    status: 200,
    data: null,
    count: 2,
  },
  {
    name: 'count exact with a range past the total is 416',
    build: (db) => db.from('projects').select('title', { count: 'exact' }).range(10, 12),
    status: 416,
    error: { code: 'PGRST103' },
  },
];

const singles: Scenario[] = [
  {
    name: 'single() with one row',
    build: (db) => projectTitles(db).eq('id', 'p_alpha').single(),
    status: 200,
    data: { title: ALPHA },
  },
  {
    name: 'single() with no row',
    build: (db) => projectTitles(db).eq('id', 'p_missing').single(),
    status: 406,
    error: { ...notFound, details: 'The result contains 0 rows' },
  },
  {
    name: 'single() with two rows',
    build: (db, world) => projectTitles(db).eq('posted_by_id', world.ids.ada).single(),
    status: 406,
    error: { ...notFound, details: 'The result contains 2 rows' },
  },
  {
    name: 'maybeSingle() with no row',
    build: (db) => projectTitles(db).eq('id', 'p_missing').maybeSingle(),
    status: 200,
    data: null,
  },
  {
    name: 'maybeSingle() with one row',
    build: (db) => projectTitles(db).eq('id', 'p_beta').maybeSingle(),
    status: 200,
    data: { title: BETA },
  },
  {
    name: 'maybeSingle() with two rows',
    build: (db, world) => projectTitles(db).eq('posted_by_id', world.ids.ada).maybeSingle(),
    status: 406,
    error: notFound,
  },
];

const policies: Scenario[] = [
  {
    name: 'select with an alias',
    build: (db) => db.from('projects').select('name:title').eq('id', 'p_alpha'),
    status: 200,
    data: [{ name: ALPHA }],
  },
  {
    name: 'any alias is kept, even one that looks internal',
    build: (db) => db.from('projects').select('__cursor_key_0:title').eq('id', 'p_alpha'),
    status: 200,
    data: [{ __cursor_key_0: ALPHA }],
  },
  {
    name: "others' email, referrer and notification flags read as null",
    build: (db) =>
      db
        .from('users')
        .select('name,email,referred_by,email_notifications')
        .in('university', ['MIT'])
        .order('name'),
    status: 200,
    data: [
      { name: 'Ada Lovelace', email: 'ada@mit.edu', referred_by: null, email_notifications: '1' },
      { name: 'Ben Bitdiddle', email: null, referred_by: null, email_notifications: null },
    ],
  },
  {
    name: 'one reads their own email and referrer',
    as: 'ben',
    build: (db) => db.from('users').select('email,referred_by').eq('name', 'Ben Bitdiddle'),
    status: 200,
    dataFor: (world) => [{ email: 'ben@mit.edu', referred_by: world.referralCodes.ada }],
  },
  {
    name: 'a hidden column cannot be filtered on to find a row',
    build: (db) => db.from('users').select('name').eq('email', 'ben@mit.edu'),
    status: 200,
    data: [],
  },
  {
    name: 'leaderboard: a university by referral count',
    build: (db) =>
      db
        .from('users')
        .select('name,referral_count')
        .eq('university', 'MIT')
        .order('referral_count', { ascending: false }),
    status: 200,
    data: [
      { name: 'Ada Lovelace', referral_count: 1 },
      { name: 'Ben Bitdiddle', referral_count: 0 },
    ],
  },
  {
    name: "a closed project is only its owner's to see",
    build: (db) => projectTitles(db).eq('id', 'p_eta'),
    status: 200,
    data: [],
  },
  {
    name: 'the owner sees their closed project',
    as: 'ben',
    build: (db) => projectTitles(db).eq('status', 'Closed'),
    status: 200,
    data: titles('Eta Closed Thing'),
  },
  {
    name: 'messages: only those one sent or received',
    build: (db) => db.from('messages').select('subject').order('subject'),
    status: 200,
    data: [{ subject: 'Hello Ben' }, { subject: 'Question for Ada' }, { subject: 'Re: Hello' }],
  },
  {
    name: 'inbox: newest first',
    build: (db, world) =>
      db
        .from('messages')
        .select('subject')
        .eq('recipient_id', world.ids.ada)
        .order('created_at', { ascending: false }),
    status: 200,
    data: [{ subject: 'Re: Hello' }, { subject: 'Question for Ada' }],
  },
  {
    name: 'unread count on an integer column',
    build: (db) =>
      db.from('messages').select('*', { count: 'exact', head: true }).eq('read_status', 0),
    status: 200,
    data: null,
    count: 3,
  },
  {
    name: "applications: one's own and those to one's projects",
    build: (db) => db.from('applications').select('project_id,status').order('project_id'),
    status: 200,
    data: [
      { project_id: 'p_alpha', status: 'Pending' },
      { project_id: 'p_delta', status: 'Pending' },
    ],
  },
];

const errors: Scenario[] = [
  {
    name: 'unknown column in select',
    build: (db) => db.from('projects').select('title,nope'),
    status: 400,
    error: {
      code: 'PGRST204',
      message: "Could not find the 'nope' column of 'projects' in the schema cache",
    },
  },
  {
    name: 'unknown table',
    build: (db) => db.from('nope').select(),
    status: 404,
    error: {
      code: 'PGRST205',
      message: "Could not find the table 'public.nope' in the schema cache",
    },
  },
  {
    name: 'non-integer value on an integer column',
    build: (db) => db.from('users').select('name').eq('referral_count', 'many'),
    status: 400,
    error: { code: '22P02', message: 'invalid input syntax for type integer: "many"' },
  },
  {
    name: 'unknown operator',
    build: (db) => projectTitles(db).filter('title', 'sounds_like', 'x'),
    status: 400,
    error: { code: 'PGRST100', message: /failed to parse filter/ },
  },
];

export const READ_SCENARIOS: Scenario[] = [
  ...FILTER_SCENARIOS,
  ...ordering,
  ...paging,
  ...singles,
  ...policies,
  ...errors,
];
