import { PostgrestClient } from '@supabase/postgrest-js';
import { createVerifiedAccount } from '../helpers/accounts';

/**
 * The students and rows the postgrest-js scenarios run against, created through the table API
 * itself as each student. Everything is known up front, so a scenario can name exact rows.
 */

export type Client = PostgrestClient;

export const PEOPLE = {
  ada: 'ada@mit.edu',
  ben: 'ben@mit.edu',
  cy: 'cy@ox.ac.uk',
  dee: 'dee@stanford.edu',
} as const;
export type Person = keyof typeof PEOPLE;

export interface World {
  baseUrl: string;
  /** Auth account ids (what user_id, posted_by_id, sender_id ... hold). */
  ids: Record<Person, string>;
  tokens: Record<Person, string>;
  clients: Record<Person, Client>;
  referralCodes: Record<Person, string>;
}

/** What a postgrest-js call resolves to, reduced to what the scenarios assert. */
export interface Outcome {
  data: unknown;
  error: { code: string; message: string; details: string | null; hint: string | null } | null;
  count: number | null;
  status: number;
}

export const restUrl = (baseUrl: string) => `${baseUrl}/api/db/campus/rest/v1`;

export const clientFor = (baseUrl: string, token: string): Client =>
  new PostgrestClient(restUrl(baseUrl), { headers: { Authorization: `Bearer ${token}` } });

const PROFILES: Record<Person, Record<string, string>> = {
  ada: { name: 'Ada Lovelace', university: 'MIT', role: 'Developer', city: 'Boston' },
  ben: { name: 'Ben Bitdiddle', university: 'MIT', role: 'Designer' }, // no city
  cy: { name: 'Cy Clark', university: 'Oxford', role: 'Researcher', city: 'Oxford' },
  dee: { name: 'Dee Dee', university: 'Stanford', role: 'Student', city: 'Palo Alto' },
};

export const ALPHA = 'Alpha Robotics';
export const BETA = 'Beta Campus App';
export const GAMMA = 'Gamma Music Lab';
export const DELTA = 'Delta Data Study';
export const EPSILON = 'Epsilon Film';
/** A comma and parentheses: values PostgREST syntax must quote. */
export const ZETA = 'Zeta, the (Remix)';

/** In creation order; `p_eta` is closed by its owner afterwards, so only ben sees it. */
const PROJECTS: { by: Person; row: Record<string, unknown> }[] = [
  {
    by: 'ada',
    row: { id: 'p_alpha', title: ALPHA, timeline: '3 months', skills_needed: ['Coding'] },
  },
  { by: 'ada', row: { id: 'p_beta', title: BETA } },
  { by: 'ben', row: { id: 'p_gamma', title: GAMMA, timeline: '1 month' } },
  { by: 'cy', row: { id: 'p_delta', title: DELTA, timeline: '6 months' } },
  { by: 'cy', row: { id: 'p_epsilon', title: EPSILON } },
  { by: 'dee', row: { id: 'p_zeta', title: ZETA, timeline: '2 weeks' } },
  { by: 'ben', row: { id: 'p_eta', title: 'Eta Closed Thing', timeline: '1 week' } },
];

const TIED_PROJECTS = ['p_tie1', 'p_tie2', 'p_tie3'].map((id) => ({
  id,
  title: `Tied ${id}`,
  description: 'Created in one statement',
}));

/** What ada sees of the projects (Open ones and her own), in title order. */
export const VISIBLE_TITLES = [ALPHA, BETA, DELTA, EPSILON, GAMMA, ZETA];

/** In creation order. */
const MESSAGES: { id: string; from: Person; to: Person; subject: string }[] = [
  { id: 'm_ada_ben', from: 'ada', to: 'ben', subject: 'Hello Ben' },
  { id: 'm_cy_ada', from: 'cy', to: 'ada', subject: 'Question for Ada' },
  { id: 'm_ben_ada', from: 'ben', to: 'ada', subject: 'Re: Hello' },
  { id: 'm_dee_cy', from: 'dee', to: 'cy', subject: 'Private note' },
];

const APPLICATIONS: { id: string; by: Person; project: string }[] = [
  { id: 'a_ben_alpha', by: 'ben', project: 'p_alpha' },
  { id: 'a_ada_delta', by: 'ada', project: 'p_delta' },
  { id: 'a_cy_gamma', by: 'cy', project: 'p_gamma' },
];

// created_at has millisecond precision: a short pause gives every row its own instant.
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

export async function seedWorld(baseUrl: string): Promise<World> {
  const people = Object.keys(PEOPLE) as Person[];
  const accounts = await Promise.all(
    people.map((person) => createVerifiedAccount(baseUrl, PEOPLE[person])),
  );
  const byPerson = <T>(pick: (index: number) => T) =>
    Object.fromEntries(people.map((person, index) => [person, pick(index)])) as Record<Person, T>;
  const ids = byPerson((index) => accounts[index]!.user.id);
  const tokens = byPerson((index) => accounts[index]!.access_token);
  const clients = byPerson((index) => clientFor(baseUrl, accounts[index]!.access_token));

  const referralCodes = {} as Record<Person, string>;
  for (const person of people) {
    // ben was referred by ada, which credits ada once.
    const referral = person === 'ben' ? { referred_by: referralCodes.ada } : {};
    const { data } = await clients[person]
      .from('users')
      .insert({ ...PROFILES[person], ...referral })
      .select('referral_code')
      .single()
      .throwOnError();
    referralCodes[person] = (data as { referral_code: string }).referral_code;
  }
  for (const { by, row } of PROJECTS) {
    await tick();
    await clients[by]
      .from('projects')
      .insert({ description: `About ${String(row.title)}`, ...row })
      .throwOnError();
  }
  await clients.ben.from('projects').update({ status: 'Closed' }).eq('id', 'p_eta').throwOnError();
  // One bulk insert gives rows the same created_at (ties for keyset pages); closed, so only
  // dee sees them.
  await clients.dee.from('projects').insert(TIED_PROJECTS).throwOnError();
  const tiedIds = TIED_PROJECTS.map((row) => row.id);
  await clients.dee.from('projects').update({ status: 'Closed' }).in('id', tiedIds).throwOnError();
  for (const { id, from, to, subject } of MESSAGES) {
    await tick();
    await clients[from]
      .from('messages')
      .insert({ id, recipient_id: ids[to], subject, message: `${subject}, in full` })
      .throwOnError();
  }
  for (const { id, by, project } of APPLICATIONS) {
    await clients[by]
      .from('applications')
      .insert({ id, project_id: project, message: 'I would like to join this project!' })
      .throwOnError();
  }
  return { baseUrl, ids, tokens, clients, referralCodes };
}

/** A scenario: build a postgrest-js query as a student, then what that student should see. */
export interface Scenario {
  name: string;
  /** Who runs it; ada unless said otherwise. */
  as?: Person;
  build: (db: Client, world: World) => PromiseLike<Outcome>;
  status: number;
  /** Exact `data`. */
  data?: unknown;
  /** Exact `data`, when it names generated ids or codes. */
  dataFor?: (world: World) => unknown;
  count?: number | null;
  error?: { code: string; message?: string | RegExp; details?: string };
  /** A read afterwards (as the same student) and the data it must return: the write's effect. */
  after?: { build: (db: Client, world: World) => PromiseLike<Outcome>; data: unknown };
}

export const titles = (...list: string[]) => list.map((title) => ({ title }));
