import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { profileRow, projectRow } from '../helpers/rows';
import { insertCampus, startSearchApp, type SearchAs } from '../helpers/search-campus';
import { request, type TestApp } from '../helpers/test-app';

/** Texts whose lower case is not plain ASCII's: accents, ß, dotted İ, final sigma, emoji. */
const TEXTS = [
  'Étude des Œuvres',
  'ÉTUDE plain',
  'Etude plain',
  'Straße fest',
  'STRASSE fest',
  'İstanbul trip',
  'istanbul trip',
  'ΣΊΣΥΦΟΣ club',
  'σίσυφος club',
  '🎉 Launch party',
  'MiXeD CaSe',
  '100% done',
  'snake_case',
  'back\\slash',
];

/** Patterns as a client writes them (`*` for `%`), each of ilike's rules at least once. */
const PATTERNS = [
  '*étude*',
  '*ÉTUDE*',
  'é_ude*',
  '*straße*',
  '*STRASSE*',
  '*istanbul*',
  '*İSTANBUL*',
  '*σίσυφος*',
  '*ΣΊΣΥΦΟΣ*',
  '*🎉*',
  '*mixed case*',
  '*100\\%*',
  '*e\\_c*',
  '*\\\\*',
  '*',
  '',
  '*zzz*',
];

const PROJECT_COLUMNS = ['title', 'description'] as const;
const PROFILE_COLUMNS = ['name', 'skills', 'bio'] as const;

/**
 * The search boxes' `ilike` on PostgreSQL reads each text's lower-cased copy on its row
 * (migration 025): the answers are PostgreSQL's own `ilike`'s, for any text and any pattern, and
 * the copies are the database's alone, shown to and taken from no client.
 */
describe('ilike over lower-cased copies on PostgreSQL', () => {
  let server: TestApp;
  let searchAs: SearchAs;
  let token = '';
  let bob = '';

  beforeAll(async () => {
    const app = await startSearchApp('postgres');
    server = app.server;
    searchAs = app.search;
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob']);
    token = students.tokens.ada!;
    bob = students.ids.bob!;
    const accounts = TEXTS.map((_, index) => `owner-${index}`);
    // Each text in every searched column, beside another text, and a profile without a bio.
    const profiles = TEXTS.map((text, index) =>
      profileRow(`student${index}`, accounts[index]!, {
        name: text,
        skills: JSON.stringify([text, 'Design']),
        bio: index % 4 === 3 ? null : `${TEXTS[(index + 5) % TEXTS.length]} and more`,
      }),
    );
    const projects = TEXTS.map((text, index) =>
      projectRow(`p${index}`, bob, {
        title: text,
        description: `About ${TEXTS[(index + 3) % TEXTS.length]}`,
      }),
    );
    await insertCampus(server, { accounts, profiles, projects });
  });
  afterAll(() => server.close());

  const get = (path: string) =>
    request<{ id: string }[]>(server.baseUrl, 'GET', `/api/db/campus/rest/v1/${path}`, { token });

  /** The ids the table API answers for `filter`, and those PostgreSQL's own ilike finds. */
  async function both(table: 'projects' | 'users', column: string, pattern: string, not = false) {
    const filter = `${column}=${not ? 'not.' : ''}ilike.${encodeURIComponent(pattern)}`;
    const answer = await get(`${table}?select=id&${filter}&order=id`);
    expect({ filter, status: answer.status }).toEqual({ filter, status: 200 });
    const like = pattern.replaceAll('*', '%');
    const match = sql`${sql.ref(column)} ilike ${like}`;
    const own = await sql<{ id: string }>`select id from ${sql.table(table)}
      where ${not ? sql`not (${match})` : match} order by id`.execute(server.database.db);
    return {
      filter,
      api: answer.body.map((row) => row.id),
      own: own.rows.map((row) => row.id),
    };
  }

  it('answers every pattern as PostgreSQL ilike does, on every searched column', async () => {
    for (const pattern of PATTERNS) {
      for (const not of [false, true]) {
        for (const column of PROJECT_COLUMNS) {
          const { filter, api, own } = await both('projects', column, pattern, not);
          expect({ filter, ids: api }).toEqual({ filter, ids: own });
        }
        for (const column of PROFILE_COLUMNS) {
          const { filter, api, own } = await both('users', column, pattern, not);
          expect({ filter, ids: api }).toEqual({ filter, ids: own });
        }
      }
    }
    // The cases above find something: the comparison is not between two empty lists.
    expect((await both('projects', 'title', '*étude*')).api).toEqual(['p0', 'p1']);
    expect((await both('users', 'bio', '*straße*')).api.length).toBeGreaterThan(0);
  });

  it('reads the copies, lower-cased when written, instead of lower-casing each row', async () => {
    const word = encodeURIComponent('*ÉTUDE*');
    const { ids, statements, plan } = await searchAs(
      `projects?select=id&or=(title.ilike.${word},description.ilike.${word})&order=id`,
      token,
    );
    const own = await sql<{ id: string }>`select id from projects
      where title ilike '%ÉTUDE%' or description ilike '%ÉTUDE%' order by id`.execute(
      server.database.db,
    );
    expect(ids).toEqual(own.rows.map((row) => row.id));
    expect(ids.length).toBeGreaterThan(2);
    expect(statements).toMatch(/"title_lower" like lower\(/);
    expect(plan).toMatch(/title_lower ~~/);
    expect(plan).toMatch(/description_lower ~~/);
    expect(plan).not.toContain('~~*');
  });

  it('keeps each copy in step with its text, however the row is written', async () => {
    // Written past the API, as an operator's fix would be.
    await sql`update projects set title = 'Ωmega ÄRGER' where id = 'p5'`.execute(
      server.database.db,
    );
    expect((await both('projects', 'title', '*äRGER*')).api).toEqual(['p5']);
    const stored = await sql<{ title_lower: string }>`select title_lower from projects
      where id = 'p5'`.execute(server.database.db);
    expect(stored.rows).toEqual([{ title_lower: 'ωmega ärger' }]);
  });

  it('neither shows the copies nor takes them from a client', async () => {
    const all = await get('projects?select=*&id=eq.p0');
    expect(all.status).toBe(200);
    expect(Object.keys(all.body[0]!).filter((key) => key.endsWith('_lower'))).toEqual([]);
    const people = await get('users?select=*&limit=1');
    expect(Object.keys(people.body[0]!).filter((key) => key.endsWith('_lower'))).toEqual([]);
    const carol = (await createVerifiedStudents(server.baseUrl, ['carol'])).tokens.carol!;
    for (const [path, method, body] of [
      ['projects?select=title_lower', 'GET', undefined],
      ['projects?title_lower=eq.x', 'GET', undefined],
      ['users?or=(bio_lower.ilike.*x*,name.ilike.*x*)', 'GET', undefined],
      ['projects?id=eq.p0', 'PATCH', { title_lower: 'taken' }],
      ['projects', 'POST', { title: 'Mine', description: 'Mine', title_lower: 'taken' }],
    ] as const) {
      const answer = await request(server.baseUrl, method, `/api/db/campus/rest/v1/${path}`, {
        token: carol,
        body,
      });
      expect({ path, method, status: answer.status }).toEqual({ path, method, status: 400 });
    }
    // Nor in the rows a write answers with.
    const written = async (method: string, path: string, body: unknown) => {
      const answer = await request<Record<string, unknown>[]>(
        server.baseUrl,
        method,
        `/api/db/campus/rest/v1/${path}`,
        { token: carol, body, headers: { prefer: 'return=representation' } },
      );
      expect(answer.status).toBeLessThan(300);
      return Object.keys(answer.body[0]!);
    };
    const created = await written('POST', 'projects', { title: 'Mine', description: 'Mine' });
    expect(created).toContain('title');
    expect(created.filter((key) => key.endsWith('_lower'))).toEqual([]);
    const changed = await written('PATCH', 'projects?title=eq.Mine', { title: 'MINE' });
    expect(changed.filter((key) => key.endsWith('_lower'))).toEqual([]);
  });
});
