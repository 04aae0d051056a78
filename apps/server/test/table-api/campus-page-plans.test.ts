import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { projectRow } from '../helpers/rows';
import { insertCampus, startSearchApp, type SearchAs } from '../helpers/search-campus';
import type { TestApp } from '../helpers/test-app';

const BIG = 'Massachusetts Institute of Technology';
/** Campuses differ in size as real ones do: one holds a fifth of the projects, 41 share the rest. */
const BIG_CAMPUS_PROJECTS = 200;
const SMALL_CAMPUSES = 41;
const SMALL_CAMPUS_PROJECTS = 20;
/** A campus whose name SQL must quote, written into the SQL as its list's own. */
const QUOTED = "St. Mary's \\ College";
/** One project in six is closed, as on a campus that has run for a while. */
const CLOSED_EVERY = 6;

/**
 * A campus's first page on PostgreSQL, planned as a compiled read is: once, without its values
 * (docs/decisions/022). The generic plan guesses every campus holds the average share of the
 * projects; on the biggest one, a plan that reads all of the campus's rows and sorts them costs
 * far more than walking the newest-first index to the page's last row. So a list of one campus
 * is planned for its campus (TablePolicy.plannedPerValue), as a search is for its words.
 */
describe('campus first pages on PostgreSQL', () => {
  let server: TestApp;
  let searchAs: SearchAs;
  let token = '';

  beforeAll(async () => {
    const app = await startSearchApp('postgres');
    server = app.server;
    searchAs = app.search;
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob']);
    token = students.tokens.ada!;
    const start = Date.parse('2026-01-01T00:00:00Z');
    const campusOf = (index: number) => {
      if (index < BIG_CAMPUS_PROJECTS) return BIG;
      const small = (index - BIG_CAMPUS_PROJECTS) % SMALL_CAMPUSES;
      return small === 0 ? QUOTED : `Campus ${small}`;
    };
    const total = BIG_CAMPUS_PROJECTS + SMALL_CAMPUSES * SMALL_CAMPUS_PROJECTS;
    const projects = Array.from({ length: total }, (_, index) =>
      projectRow(`p${index}`, students.ids.bob!, {
        university: campusOf(index),
        status: index % CLOSED_EVERY === CLOSED_EVERY - 1 ? 'Closed' : 'Open',
        description: `A project for students of ${campusOf(index)}, part ${index}`,
        created_at: new Date(start + index * 60_000).toISOString(),
      }),
    );
    await insertCampus(server, { accounts: [], profiles: [], projects });
    await sql`analyze`.execute(server.database.db);
  });
  afterAll(() => server.close());

  const campusPage = (campus: string, select = '*') =>
    searchAs(
      `projects?select=${select}&status=eq.Open&university=eq.${encodeURIComponent(campus)}&order=created_at.desc&limit=12`,
      token,
      { generic: true },
    );

  it("walks the newest-first index to the biggest campus's first page, sorting nothing", async () => {
    const { ids, plan } = await campusPage(BIG);
    const newestOpen = Array.from({ length: BIG_CAMPUS_PROJECTS }, (_, index) => index)
      .filter((index) => index % CLOSED_EVERY !== CLOSED_EVERY - 1)
      .reverse()
      .slice(0, 12)
      .map((index) => `p${index}`);
    expect(ids).toEqual(newestOpen);
    expect(plan).toMatch(/Index Scan using projects_university_recent_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });

  it("plans each campus's list for that campus, and answers each with its own rows", async () => {
    const { statements, plan } = await campusPage(BIG, 'id');
    expect(statements).toContain(`"projects"."university" = '${BIG}'`);
    const [listSql] = statements.split('\n');
    expect(server.database.compiledQueries.statementName(listSql!)).toMatch(/^searched_\d+$/);
    // Its estimate is the campus's own share, not an average campus's (22 rows here).
    const walk = /Index Scan using projects_university_recent_idx .*rows=(\d+)/.exec(plan);
    expect(Number(walk?.[1])).toBeGreaterThan(BIG_CAMPUS_PROJECTS / 2);

    // Another campus, and one whose name must be quoted, through SQL of their own.
    const newestOf = (small: number) =>
      Array.from(
        { length: SMALL_CAMPUS_PROJECTS },
        (_, nth) => BIG_CAMPUS_PROJECTS + small + nth * SMALL_CAMPUSES,
      )
        .filter((index) => index % CLOSED_EVERY !== CLOSED_EVERY - 1)
        .reverse()
        .slice(0, 12)
        .map((index) => `p${index}`);
    expect((await campusPage('Campus 7', 'id')).ids).toEqual(newestOf(7));
    const quoted = await campusPage(QUOTED, 'id');
    expect(quoted.ids).toEqual(newestOf(0));
    expect((await campusPage(`${BIG}' or 'a' = 'a`, 'id')).ids).toEqual([]);
    expect((await campusPage(BIG, 'id')).ids).toEqual((await campusPage(BIG)).ids);

    // So is a list of one campus's students (Find Collaborators, the leaderboard).
    const people = await searchAs(
      `users?select=id&university=eq.${encodeURIComponent(BIG)}`,
      token,
    );
    expect(people.statements).toContain(`"users"."university" = '${BIG}'`);
    // A list of every campus keeps one statement for all.
    const everywhere = await searchAs('projects?select=id&status=eq.Open&limit=12', token);
    const [everywhereSql] = everywhere.statements.split('\n');
    expect(server.database.compiledQueries.statementName(everywhereSql!)).toMatch(/^compiled_\d+$/);
  });
});
