import { APPLICATION_MESSAGE } from '@campuscollab/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillParameters, parameterSources } from '../../src/db/compiled-queries/placeholders';
import { matchQuery } from '../../src/modules/matching/match-query';
import { peopleRanking, projectRanking, rowsById } from '../../src/modules/matching/ranking';
import { createVerifiedAccount } from '../helpers/accounts';
import { projectRow } from '../helpers/rows';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

type Item = Record<string, unknown> & { matches: string[] };
interface Page {
  items: Item[];
  nextOffset: number | null;
}

/**
 * "Recommended for you" (`/api/match/{project}/projects|people`): ranked by shared skills, then
 * my campus, my city, newest; never my own projects, closed ones or ones I applied to; tags
 * follow every edit and deletion, because triggers keep them (migration 018).
 */
describe.each(DIALECTS)('recommendations on %s', (kind) => {
  let server: TestApp;
  const tokens: Record<string, string> = {};
  const accounts: Record<string, string> = {};
  const projects: Record<string, string> = {};

  const db = (path: string, method: string, token: string, body?: unknown) =>
    request<Record<string, unknown>[]>(server.baseUrl, method, `/api/db/campus/rest/v1/${path}`, {
      token,
      body,
      headers: { prefer: 'return=representation' },
    });
  const match = (what: 'projects' | 'people', query = '', token = tokens.ada!) =>
    request<Page>(server.baseUrl, 'GET', `/api/match/campus/${what}${query}`, { token });
  const titles = (page: Page) => page.items.map((item) => item.title);
  /** Ada as a ranking sees her, for running one directly. */
  const adaAsMe = () => ({
    accountId: accounts.ada!,
    profileId: null,
    university: 'MIT',
    city: 'Cambridge',
    inNoBlock: false,
  });
  const names = (page: Page) => page.items.map((item) => item.name);

  async function student(
    name: string,
    email: string,
    profile: { university: string; city?: string; skills?: string[]; interests?: string[] },
  ) {
    const session = await createVerifiedAccount(server.baseUrl, email);
    tokens[name] = session.access_token;
    accounts[name] = session.user.id;
    const created = await db('users', 'POST', session.access_token, {
      name,
      role: 'Student',
      university: profile.university,
      city: profile.city ?? null,
      skills: JSON.stringify(profile.skills ?? []),
      interests: JSON.stringify(profile.interests ?? []),
    });
    expect(created.status).toBe(201);
  }

  async function project(owner: string, title: string, skills: string[], createdAt: string) {
    const created = await db('projects', 'POST', tokens[owner]!, {
      title,
      description: `${title} needs help`,
      skills_needed: JSON.stringify(skills),
    });
    expect(created.status).toBe(201);
    const id = String(created.body[0]!.id);
    projects[title] = id;
    // Each project gets its own moment, so the newest-first tie-break is known.
    await server.database.db
      .updateTable('projects')
      .set({ created_at: createdAt })
      .where('id', '=', id)
      .execute();
  }

  beforeAll(async () => {
    server = await startTestApp(kind);
    await student('ada', 'ada@mit.edu', {
      university: 'MIT',
      city: 'Cambridge',
      skills: ['React', 'CAD'],
      interests: ['Robotics'],
    });
    await student('bob', 'bob@mit.edu', {
      university: 'MIT',
      city: 'Cambridge',
      skills: ['Figma', 'Rust'],
    });
    await student('cy', 'cy@harvard.edu', {
      university: 'Harvard',
      city: 'Cambridge',
      skills: ['figma', 'Cooking'],
    });
    await student('di', 'di@stanford.edu', {
      university: 'Stanford',
      city: 'Palo Alto',
      skills: ['Rust', 'Figma'],
    });
    await student('ed', 'ed@stanford.edu', { university: 'Stanford', skills: ['Python'] });

    await project('bob', 'Bob Lab', ['react', 'CAD', 'Python'], '2026-01-01T00:00:00.000Z');
    await project('bob', 'Bob Closed', ['React', 'CAD', 'Robotics'], '2026-01-09T00:00:00.000Z');
    await project('cy', 'Cy Robots', ['React', 'Robotics'], '2026-01-02T00:00:00.000Z');
    await project('di', 'Di Old', ['CAD', 'React'], '2026-01-03T00:00:00.000Z');
    await project('di', 'Di New', ['cad', 'react'], '2026-01-04T00:00:00.000Z');
    await project('di', 'Di Small', ['React'], '2026-01-05T00:00:00.000Z');
    await project('di', 'Di Kitchen', ['Cooking'], '2026-01-06T00:00:00.000Z');
    await project('ed', 'Ed Applied', ['React', 'CAD'], '2026-01-07T00:00:00.000Z');
    await project('ada', 'Ada Own', ['React', 'Figma', 'Rust'], '2026-01-08T00:00:00.000Z');

    const closed = await db(`projects?id=eq.${projects['Bob Closed']}`, 'PATCH', tokens.bob!, {
      status: 'Closed',
    });
    expect(closed.status).toBe(200);
    const applied = await db('applications', 'POST', tokens.ada!, {
      project_id: projects['Ed Applied'],
      message: APPLICATION_MESSAGE,
    });
    expect(applied.status).toBe(201);
  });
  afterAll(() => server.close());

  it('ranks projects by shared tags, then campus, city and recency, naming the matches', async () => {
    const answer = await match('projects');
    expect(answer.status).toBe(200);
    // Own, closed, applied-to and unmatched projects never appear.
    expect(titles(answer.body)).toEqual(['Bob Lab', 'Cy Robots', 'Di New', 'Di Old', 'Di Small']);
    expect(answer.body.items.map((item) => item.matches)).toEqual([
      ['react', 'CAD'],
      ['React', 'Robotics'],
      ['cad', 'react'],
      ['CAD', 'React'],
      ['React'],
    ]);
    expect(answer.body.nextOffset).toBeNull();
  });

  it('narrows projects to my university or my city, and combines search and skill', async () => {
    expect(titles((await match('projects', '?scope=university')).body)).toEqual(['Bob Lab']);
    expect(titles((await match('projects', '?scope=nearby')).body)).toEqual([
      'Bob Lab',
      'Cy Robots',
    ]);
    expect(titles((await match('projects', '?search=di%20')).body)).toEqual([
      'Di New',
      'Di Old',
      'Di Small',
    ]);
    expect(titles((await match('projects', '?skill=PYTHON')).body)).toEqual(['Bob Lab']);
    expect(titles((await match('projects', '?scope=nearby&search=robots')).body)).toEqual([
      'Cy Robots',
    ]);
  });

  it('pages with a capped offset', async () => {
    const first = await match('projects', '?limit=2');
    expect(titles(first.body)).toEqual(['Bob Lab', 'Cy Robots']);
    expect(first.body.nextOffset).toBe(2);
    const second = await match('projects', '?limit=2&offset=2');
    expect(titles(second.body)).toEqual(['Di New', 'Di Old']);
  });

  it("recommends students who fill my open projects' gaps, without their private columns", async () => {
    const answer = await match('people');
    expect(answer.status).toBe(200);
    // Gaps of "Ada Own": Figma and Rust (React is Ada's own skill).
    expect(names(answer.body)).toEqual(['bob', 'di', 'cy']);
    expect(answer.body.items.map((item) => item.matches)).toEqual([
      ['Figma', 'Rust'],
      ['Rust', 'Figma'],
      ['figma'],
    ]);
    expect(answer.body.items.every((item) => !('email' in item))).toBe(true);
    expect(names((await match('people', '?scope=university')).body)).toEqual(['bob']);
    expect(names((await match('people', '?scope=nearby')).body)).toEqual(['bob', 'cy']);
    expect(names((await match('people', '?search=cooking')).body)).toEqual(['cy']);
    expect(names((await match('people', '?role=Designer')).body)).toEqual([]);
  });

  it('ranks each student by their own tags through SQL compiled for another', async () => {
    // Cy and Di rank by two tags each, through the same SQL, and each gets their own page.
    expect(titles((await match('projects', '', tokens.cy)).body)).toEqual([
      'Ada Own',
      'Di Kitchen',
    ]);
    expect(titles((await match('projects', '', tokens.di)).body)).toEqual(['Ada Own']);
    expect(titles((await match('projects', '?scope=university', tokens.di)).body)).toEqual([]);
  });

  it('leaves out whoever is in a block with me, either way, down to the rows read by id', async () => {
    const before = {
      adaProjects: titles((await match('projects')).body),
      adaPeople: names((await match('people')).body),
      diProjects: titles((await match('projects', '', tokens.di)).body),
      diPeople: names((await match('people', '', tokens.di)).body),
    };
    expect(before.adaProjects).toContain('Di New');
    expect(before.adaPeople).toContain('di');
    expect(before.diProjects).toContain('Ada Own');
    expect(before.diPeople).toEqual(['ada', 'cy']);
    const notBy = (owner: string) => (title: unknown) => !String(title).startsWith(`${owner} `);

    const blocked = await db('blocks', 'POST', tokens.ada!, { blocked_id: accounts.di });
    expect(blocked.status).toBe(201);
    try {
      // Ada blocked Di: Ada is ranked with the block checks, and so is Di, the one blocked.
      const adaProjects = before.adaProjects.filter(notBy('Di'));
      expect(titles((await match('projects')).body)).toEqual(adaProjects);
      // Di's projects take no place in the ranking: a page as long as the rest is the last.
      const exact = await match('projects', `?limit=${adaProjects.length}`);
      expect(exact.body).toEqual({ items: expect.any(Array), nextOffset: null });
      expect(titles(exact.body)).toEqual(adaProjects);
      expect(names((await match('people')).body)).toEqual(
        before.adaPeople.filter((name) => name !== 'di'),
      );
      expect(titles((await match('projects', '', tokens.di)).body)).toEqual(
        before.diProjects.filter(notBy('Ada')),
      );
      // Likewise for Di, whom Ada blocked: Ada takes no place in Di's ranking of people.
      const diPeople = await match('people', '?limit=1', tokens.di);
      expect(diPeople.body).toEqual({ items: expect.any(Array), nextOffset: null });
      expect(names(diPeople.body)).toEqual(['cy']);
      // The ranked rows are read again under the whole policy: a block made after a ranking
      // for a reader in no block still hides its rows.
      const byId = async (reader: string) => {
        const run = rowsById(server.database, 'projects', [projects['Di New']!], reader);
        return titles({
          items: await server.database.compiledQueries.rows(run.query, run.values),
        } as Page);
      };
      expect(await byId(accounts.ada!)).toEqual([]);
      expect(await byId(accounts.bob!)).toEqual(['Di New']);
    } finally {
      const lifted = await db(`blocks?blocked_id=eq.${accounts.di}`, 'DELETE', tokens.ada!);
      expect(lifted.body).toHaveLength(1);
    }
    expect(titles((await match('projects')).body)).toEqual(before.adaProjects);
    expect(names((await match('people')).body)).toEqual(before.adaPeople);
    expect(titles((await match('projects', '', tokens.di)).body)).toEqual(before.diProjects);
    expect(names((await match('people', '', tokens.di)).body)).toEqual(before.diPeople);
  });

  it.runIf(kind === 'sqlite')(
    "reads each candidate's tags once, not once per tag of mine",
    async () => {
      const tags = ['react', 'cad', 'robotics'];
      const run = projectRanking(
        server.database,
        adaAsMe(),
        matchQuery.parse({}),
        'everyone',
        tags,
      );
      const compiled = run.query.build().compile();
      const parameters = fillParameters(parameterSources(compiled.parameters), run.values);
      const plan = await server.database.explain({ ...compiled, parameters });
      expect(plan.filter((step) => step.includes('project_tags'))).toEqual([
        expect.stringMatching(/^SEARCH project_tags USING COVERING INDEX \S+ \(project_id=\?\)$/),
      ]);
    },
  );

  it.runIf(kind === 'postgres')(
    'counts the tags each candidate holds on its row, reading no tag table',
    async () => {
      const query = matchQuery.parse({});
      for (const run of [
        projectRanking(server.database, adaAsMe(), query, 'everyone', ['react', 'cad', 'robotics']),
        peopleRanking(server.database, adaAsMe(), query, 'everyone', ['figma', 'rust']),
      ]) {
        const compiled = run.query.build().compile();
        const parameters = fillParameters(parameterSources(compiled.parameters), run.values);
        const plan = await server.database.explain({ ...compiled, parameters }, { generic: true });
        expect(plan.join('\n')).not.toMatch(/project_tags|profile_tags/);
        expect(plan.join('\n')).toMatch(/skill_tags/);
      }
    },
  );

  it('follows edits and deletions of profiles and projects', async () => {
    // Ada learns to cook: Di's kitchen now matches, spelled as Di spelled it.
    const edited = await db(`users?user_id=eq.${accounts.ada}`, 'PATCH', tokens.ada!, {
      skills: JSON.stringify(['React', 'CAD', 'cooking']),
    });
    expect(edited.status).toBe(200);
    const afterEdit = await match('projects', '?search=kitchen');
    expect(afterEdit.body.items.map((item) => [item.title, item.matches])).toEqual([
      ['Di Kitchen', ['Cooking']],
    ]);

    // Di's small project no longer needs React; Bob's lab is deleted.
    await db(`projects?id=eq.${projects['Di Small']}`, 'PATCH', tokens.di!, {
      skills_needed: JSON.stringify(['Baking']),
    });
    const removed = await db(`projects?id=eq.${projects['Bob Lab']}`, 'DELETE', tokens.bob!);
    expect(removed.status).toBe(200);
    expect(titles((await match('projects')).body)).toEqual([
      'Cy Robots',
      'Di New',
      'Di Old',
      'Di Kitchen',
    ]);

    // Rust is no longer a gap once Ada has it; Bob and Di still fill Figma.
    await db(`users?user_id=eq.${accounts.ada}`, 'PATCH', tokens.ada!, {
      skills: JSON.stringify(['React', 'CAD', 'cooking', 'rust']),
    });
    const people = await match('people');
    expect(people.body.items.map((item) => [item.name, item.matches])).toEqual([
      ['bob', ['Figma']],
      ['cy', ['figma']],
      ['di', ['Figma']],
    ]);
  });

  it("removes an account's tags with the account", async () => {
    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: tokens.ed!,
    });
    expect(deleted.status).toBe(204);
    const left = await server.database.db
      .selectFrom('project_tags')
      .select('tag')
      .where('project_id', '=', projects['Ed Applied']!)
      .execute();
    expect(left).toEqual([]);
    const profileTags = await server.database.db
      .selectFrom('profile_tags')
      .innerJoin('users', 'users.id', 'profile_tags.profile_id')
      .select('tag')
      .where('users.user_id', '=', accounts.ed!)
      .execute();
    expect(profileTags).toEqual([]);
  });

  it('refuses a hostile query with 400, a stranger with 401 and another project with 404', async () => {
    for (const query of [
      '?scope=everyone',
      '?scope=all&scope=university',
      '?limit=1000',
      '?limit=0',
      '?offset=100000',
      '?offset=-1',
      '?__proto__=x',
      '?constructor[prototype][admin]=1',
      `?search=${'a'.repeat(200)}`,
      '?order=created_at',
      // Text a database cannot hold: on PostgreSQL a search is written into the SQL.
      '?search=a%00b',
      '?skill=%00',
      '?role=React%00',
    ]) {
      const answer = await match('projects', query);
      expect({ query, status: answer.status }).toEqual({ query, status: 400 });
      expect(answer.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    const stranger = await request(server.baseUrl, 'GET', '/api/match/campus/people');
    expect(stranger.status).toBe(401);
    const elsewhere = await request(server.baseUrl, 'GET', '/api/match/other/people', {
      token: tokens.ada,
    });
    expect(elsewhere.status).toBe(404);
  });

  it('takes every skill a poster without a profile needs as a gap, across campuses', async () => {
    await student('fay', 'fay@yale.edu', { university: 'Yale', skills: ['Haskell'] });
    await student('gus', 'gus@yale.edu', { university: 'Yale', skills: ['knitting', 'Haskell'] });
    const yan = await createVerifiedAccount(server.baseUrl, 'yan@mit.edu');
    await server.database.db
      .insertInto('projects')
      .values(
        projectRow('p_yan', yan.user.id, {
          title: 'Yan Garden',
          skills_needed: JSON.stringify(['Knitting', 'Haskell', 'haskell']),
          university: 'MIT',
        }),
      )
      .execute();
    const everywhere = await match('people', '?scope=all', yan.access_token);
    expect(everywhere.status).toBe(200);
    expect(names(everywhere.body)).toEqual(['gus', 'fay']);
    expect(everywhere.body.items.map((item) => item.matches)).toEqual([
      ['knitting', 'Haskell'],
      ['Haskell'],
    ]);
    // No profile, no campus: the narrower scopes find no one.
    expect((await match('people', '?scope=university', yan.access_token)).body.items).toEqual([]);
  });

  it('finds nothing for a student without a profile, and searches literally', async () => {
    const zoe = await createVerifiedAccount(server.baseUrl, 'zoe@mit.edu');
    const none = await match('projects', '', zoe.access_token);
    expect(none.body).toEqual({ items: [], nextOffset: null });
    // % and _ are text to find, not wildcards.
    expect(titles((await match('projects', '?search=%25')).body)).toEqual([]);
    expect(titles((await match('projects', '?search=_')).body)).toEqual([]);
  });

  it.runIf(kind === 'postgres')(
    "keeps a row's tags exactly as the tag tables keep them, however its list is written",
    async () => {
      const database = server.database.db;
      await student('kit', 'kit@mit.edu', { university: 'MIT' });
      await database
        .insertInto('projects')
        .values(projectRow('p_kit', accounts.kit!, { title: 'Kit Band', university: 'MIT' }))
        .execute();
      const rowTags = async (table: 'users' | 'projects', id: string) => {
        const { rows } = await sql<{ tags: string[] }>`
          select skill_tags as tags from ${sql.id(table)} where id = ${id}`.execute(database);
        return [...rows[0]!.tags].sort();
      };
      const tableTags = async (table: 'users' | 'projects', id: string) => {
        const { rows } = await (
          table === 'users'
            ? sql<{ tag: string }>`select tag from profile_tags where profile_id = ${id}
              and kind = 'skill'`
            : sql<{ tag: string }>`select tag from project_tags where project_id = ${id}`
        ).execute(database);
        return rows.map((row) => row.tag).sort();
      };
      const profile = await database
        .selectFrom('users')
        .select('id')
        .where('user_id', '=', accounts.kit!)
        .executeTakeFirstOrThrow();
      // Written as raw SQL, past the API's checks, as a seed or an operator might.
      const lists: [string, string[] | null][] = [
        ['["Zither", "zither", " ZITHER ", "Oboe"]', ['oboe', 'zither']],
        ['["", "   ", "Oboe"]', ['oboe']],
        ['[1, null, true, {"a": "Lute"}, ["Lute"], "Lute"]', ['lute']],
        ['["ÉCLAIR", "éclair", "Éclair "]', null],
        ['not json', []],
        ['{"skills": ["Oboe"]}', []],
        ['"Oboe"', []],
        ['[]', []],
      ];
      for (const [list, expected] of lists) {
        await sql`update users set skills = ${list} where id = ${profile.id}`.execute(database);
        await sql`update projects set skills_needed = ${list} where id = 'p_kit'`.execute(database);
        for (const [table, id] of [
          ['users', profile.id],
          ['projects', 'p_kit'],
        ] as const) {
          const held = await rowTags(table, id);
          expect({ list, table, held }).toEqual({ list, table, held: await tableTags(table, id) });
          if (expected) expect({ list, table, held }).toEqual({ list, table, held: expected });
        }
      }

      // The table API neither shows the column, nor reads, filters or writes it.
      const token = tokens.kit!;
      const all = await db(`users?user_id=eq.${accounts.kit}&select=*`, 'GET', token);
      expect(all.status).toBe(200);
      expect(Object.keys(all.body[0]!)).not.toContain('skill_tags');
      for (const [path, method, body] of [
        ['users?select=skill_tags', 'GET', undefined],
        ['projects?select=id,skill_tags', 'GET', undefined],
        ['projects?skill_tags=cs.{oboe}', 'GET', undefined],
        [`users?user_id=eq.${accounts.kit}`, 'PATCH', { skill_tags: ['admin'] }],
      ] as const) {
        const answer = await db(path, method, token, body);
        expect({ path, status: answer.status }).toEqual({ path, status: 400 });
      }
    },
  );
});
