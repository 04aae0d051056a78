import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INDEXED_TABLE_ROWS } from '../../src/db/dialects/sqlite-search';
import { INDEX_PROBES_PER_REQUEST } from '../../src/modules/table-api/query/bind-conditions';
import { createVerifiedStudents } from '../helpers/accounts';
import { profileRow, projectRow } from '../helpers/rows';
import { insertCampus, startSearchApp, type SearchAs } from '../helpers/search-campus';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const REST = '/api/db/campus/rest/v1';
const COMMON = 'Campus app';
const RARE = 'zephyrine';

/**
 * The search boxes on SQLite (migration 023, db/dialects/sqlite-search.ts): a text few rows hold
 * is found through the trigram index, a common one by walking the newest rows as before, and
 * either way the answer is exactly what LIKE over every row answers.
 */
describe('search indexes on SQLite', () => {
  let server: TestApp;
  let searchAs: SearchAs;
  let ada = '';
  let token = '';
  let bobToken = '';

  beforeAll(async () => {
    const app = await startSearchApp('sqlite');
    server = app.server;
    searchAs = app.search;
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob']);
    ada = students.ids.ada!;
    token = students.tokens.ada!;
    bobToken = students.tokens.bob!;
    const bob = students.ids.bob!;
    // Enough rows of each table for the index to be worth opening; more rows hold the common
    // words than the index is asked for, so those are walked.
    const accounts = [
      ...Array.from({ length: INDEXED_TABLE_ROWS }, (_, index) => `owner-${index}`),
      'owner-rare',
    ];
    const profiles = accounts.map((id, index) =>
      id === 'owner-rare'
        ? profileRow('rare', id, { bio: `Loves ${RARE.toUpperCase()} glass` })
        : profileRow(`student${index}`, id, { bio: index % 2 ? `${COMMON} builder` : null }),
    );
    const projects = Array.from({ length: INDEXED_TABLE_ROWS }, (_, index) =>
      projectRow(`p${index}`, bob, {
        title: `${COMMON} number ${index}`,
        description: `A ${COMMON} for "students", part ${index}`,
      }),
    );
    projects.push(
      projectRow('rare-title', bob, { title: `The ${RARE} lamp` }),
      projectRow('rare-description', bob, { description: `Made of ${RARE}` }),
      projectRow('rare-hidden', bob, {
        title: `A ${RARE} vase`,
        hidden_at: new Date().toISOString(),
      }),
    );
    await insertCampus(server, { accounts, profiles, projects });
  });
  afterAll(() => server.close());

  /** The rows a request answers as Ada, the SQL the server ran and the plans of its reads. */
  const search = (path: string) => searchAs(path, token);

  const projectSearch = (text: string) =>
    `projects?select=id&or=(title.ilike.*${encodeURIComponent(text)}*,description.ilike.*${encodeURIComponent(text)}*)&order=created_at.desc,id.desc&limit=50`;

  /** A search of one column, which takes any text without the `or=(…)` list's quoting. */
  const columnSearch = (column: string, text: string) =>
    `projects?select=id&${column}=ilike.${encodeURIComponent(`*${text}*`)}&order=created_at.desc,id.desc&limit=50`;

  /** What LIKE over every row answers: the same search, the index left out. */
  const scanned = async (text: string, columns = ['title', 'description']) => {
    // PostgREST reads `*` as LIKE's `%`.
    const like = `%${text.replaceAll('*', '%')}%`;
    const matches = columns.map((column) => sql`${sql.ref(column)} like ${like}`);
    const rows = await sql<{ id: string }>`select id from projects
      where (${sql.join(matches, sql` or `)}) and (hidden_at is null or posted_by_id = ${ada})
      order by created_at desc, id desc limit 50`.execute(server.database.db);
    return rows.rows.map((row) => row.id);
  };

  it('finds a rare word in a title or description through the index, and not a hidden one', async () => {
    const { ids, plan, statements } = await search(projectSearch(RARE));
    expect(ids.sort()).toEqual(['rare-description', 'rare-title']);
    // SQLite tests terms in the order written: the rowids first, before the policy reads a row.
    expect(statements.indexOf('projects_title_search')).toBeGreaterThan(0);
    expect(statements.indexOf('projects_title_search')).toBeLessThan(
      statements.indexOf('hidden_at'),
    );
    expect(plan).toContain('projects_title_search');
    expect(plan).toContain('projects_description_search');
  });

  it('starts from the rows the index lists, and counts and pages them as the scan would', async () => {
    // Walking the newest projects and testing each was all of them for a text none holds.
    const { ids, plan } = await search(projectSearch(RARE));
    expect(plan).toMatch(/SEARCH projects USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(plan).not.toMatch(/(SCAN|SEARCH) projects USING (COVERING )?INDEX/);
    expect(ids).toEqual(await scanned(RARE));
    for (const text of [RARE, 'zeph', `${RARE} glass`]) {
      const path = `${projectSearch(text).replace('limit=50', 'limit=1')}`;
      const first = await request<{ id: string }[]>(server.baseUrl, 'GET', `${REST}/${path}`, {
        token,
        headers: { prefer: 'count=exact' },
      });
      const expected = await scanned(text);
      expect(first.headers.get('content-range')).toBe(
        expected.length > 0 ? `0-0/${expected.length}` : `*/0`,
      );
      expect(first.body.map((row) => row.id)).toEqual(expected.slice(0, 1));
    }
  });

  it('looks up a long text by its start, and lets LIKE turn away rows holding only that', async () => {
    const found = await search(columnSearch('title', `the ${RARE} LAMP`));
    expect(found.ids).toEqual(['rare-title']);
    expect(found.plan).toContain('projects_title_search');
    const missing = await search(columnSearch('title', `The ${RARE} lamp is elsewhere`));
    expect(missing.ids).toEqual([]);
    expect(missing.plan).toContain('projects_title_search');
  });

  it('finds a rare word in a name, skills or bio through the index, in any case', async () => {
    const { ids, plan } = await search(
      `users?select=id&user_id=neq.${ada}&or=(name.ilike.*${RARE}*,skills.ilike.*${RARE}*,bio.ilike.*${RARE}*)`,
    );
    expect(ids).toEqual(['u_rare']);
    expect(plan).toMatch(/users_(name|skills|bio)_search/);
  });

  it('leaves the index out of an `or` where one branch reads every row anyway', async () => {
    const { ids, plan } = await search(
      `users?select=id&or=(bio.ilike.*campus*,name.ilike.*rare*)&order=created_at.desc,id.desc&limit=50`,
    );
    const expected = await sql<{ id: string }>`select id from users
      where bio like '%campus%' or name like '%rare%' order by created_at desc, id desc limit 50`.execute(
      server.database.db,
    );
    expect(ids).toEqual(expected.rows.map((row) => row.id));
    expect(plan).not.toMatch(/users_\w+_search/);
  });

  it('walks the newest rows for a common word, as before', async () => {
    const { ids, plan } = await search(projectSearch('campus'));
    expect(ids).toEqual(await scanned('campus'));
    expect(ids).toHaveLength(50);
    expect(plan).not.toMatch(/projects_\w+_search/);
  });

  it('answers exactly what LIKE answers, whatever the text holds', async () => {
    for (const text of [
      'ZEPHYRINE',
      'zEpH',
      'ze',
      'phyr',
      '"students"',
      'or "st',
      'NEAR(',
      'lamp*',
      '{title} : x',
      'number 17',
      'mber 59',
      ' ',
      `The ${RARE} lamp`,
      `The ${RARE} lamp is elsewhere`,
      `${COMMON} `.repeat(300),
    ]) {
      for (const column of ['title', 'description']) {
        const { ids } = await search(columnSearch(column, text));
        expect({ text, column, ids }).toEqual({ text, column, ids: await scanned(text, [column]) });
      }
    }
  });

  it('asks the index about a few searches of one request, and walks the rows for the rest', async () => {
    // Every search asks the index how many rows hold its text first, which costs up to 15 ms for
    // a hostile text: a request of many searches must not hold the server that long per search.
    const texts = Array.from({ length: 24 }, (_, index) => RARE.slice(0, 3 + (index % 7)));
    const filters = texts.map((text) => `title=ilike.*${text}*`).join('&');
    const { ids, statements } = await search(`projects?select=id&${filters}&order=id`);
    expect(ids).toEqual(['rare-title']);
    // Each search the index answers was a probe; the first also lists the rows the read starts from.
    const indexed = statements.match(/in \(select rowid from "projects_title_search"/g) ?? [];
    expect(indexed.length).toBeGreaterThan(0);
    expect(indexed.length).toBeLessThanOrEqual(INDEX_PROBES_PER_REQUEST);
  });

  it('keeps NOT as LIKE has it: a null bio is neither a match nor a non-match', async () => {
    const { ids } = await search(
      `users?select=id&bio=not.ilike.*${RARE}*&name=in.(rare,student1,student2)&order=id`,
    );
    const expected = await sql<{ id: string }>`select id from users
      where not (bio like ${`%${RARE}%`}) and name in ('rare', 'student1', 'student2')
      order by id`.execute(server.database.db);
    expect(ids).toEqual(expected.rows.map((row) => row.id));
    expect(ids).toEqual(['u_student1']);
  });

  it('follows every write: an insert, an edit and a delete', async () => {
    const created = await request<{ id: string }[]>(server.baseUrl, 'POST', `${REST}/projects`, {
      token: bobToken,
      body: { title: 'Quokkabot for the library', description: 'A reading robot' },
      headers: { prefer: 'return=representation' },
    });
    expect(created.status).toBe(201);
    const id = created.body[0]!.id;
    expect((await search(projectSearch('quokkabot'))).ids).toEqual([id]);

    const edited = await request(server.baseUrl, 'PATCH', `${REST}/projects?id=eq.${id}`, {
      token: bobToken,
      body: { title: 'Wombatron for the library' },
    });
    expect(edited.status).toBe(204);
    expect((await search(projectSearch('quokkabot'))).ids).toEqual([]);
    expect((await search(projectSearch('wombatron'))).ids).toEqual([id]);

    const removed = await request(server.baseUrl, 'DELETE', `${REST}/projects?id=eq.${id}`, {
      token: bobToken,
    });
    expect(removed.status).toBe(204);
    expect((await search(projectSearch('wombatron'))).ids).toEqual([]);
    expect((await search(projectSearch('reading robot'))).ids).toEqual([]);
  });

  it('forgets a deleted account’s profile and projects', async () => {
    await server.database.db.deleteFrom('auth_accounts').where('id', '=', 'owner-rare').execute();
    const { ids } = await search(`users?select=id&bio=ilike.*${RARE}*`);
    expect(ids).toEqual([]);
    const indexed = await sql<{ count: number }>`select count(*) as count from users_bio_search
      where users_bio_search match ${`"${RARE}"`}`.execute(server.database.db);
    expect(indexed.rows[0]?.count).toBe(0);
  });
});

describe('search on a small SQLite table', () => {
  it('reads the rows, which costs less than opening the index', async () => {
    const server = await startTestApp('sqlite');
    try {
      const students = await createVerifiedStudents(server.baseUrl, ['cy']);
      const owner = students.ids.cy!;
      await server.database.db
        .insertInto('projects')
        .values([
          projectRow('small-rare', owner, { title: `The ${RARE} lamp` }),
          projectRow('small-other', owner, { title: 'A chair' }),
        ])
        .execute();
      const read = server.database.db
        .selectFrom('projects')
        .select('id')
        .where((eb) => {
          const { form, operand } = server.database.patternMatch(
            `%${RARE}%`,
            true,
            'projects.title',
          );
          return server.database.matchPattern(eb.ref('projects.title'), form, operand);
        })
        .compile();
      expect(read.sql).not.toContain('projects_title_search');
      const found = await server.database.db.executeQuery<{ id: string }>(read);
      expect(found.rows).toEqual([{ id: 'small-rare' }]);
    } finally {
      await server.close();
    }
  });
});
