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
/** One project in six is closed, as on a campus that has run for a while. */
const CLOSED_EVERY = 6;

/**
 * A campus's first page on PostgreSQL, planned as a compiled read is: once, without its values
 * (docs/decisions/022). The generic plan guesses every campus holds the average share of the
 * projects; on the biggest one, a plan that reads all of the campus's rows and sorts them costs
 * far more than walking the newest-first index to the page's last row.
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
    const campusOf = (index: number) =>
      index < BIG_CAMPUS_PROJECTS
        ? BIG
        : `Campus ${(index - BIG_CAMPUS_PROJECTS) % SMALL_CAMPUSES}`;
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

  it("walks the newest-first index to the biggest campus's first page, sorting nothing", async () => {
    const { ids, plan } = await searchAs(
      `projects?select=*&status=eq.Open&university=eq.${encodeURIComponent(BIG)}&order=created_at.desc&limit=12`,
      token,
      { generic: true },
    );
    const newestOpen = Array.from({ length: BIG_CAMPUS_PROJECTS }, (_, index) => index)
      .filter((index) => index % CLOSED_EVERY !== CLOSED_EVERY - 1)
      .reverse()
      .slice(0, 12)
      .map((index) => `p${index}`);
    expect(ids).toEqual(newestOpen);
    expect(plan).toMatch(/Index Scan using projects_university_recent_idx/);
    expect(plan).not.toMatch(/\bSort\b/);
  });
});
