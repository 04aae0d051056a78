import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { projectRow } from '../helpers/rows';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type JsonResponse, type TestApp } from '../helpers/test-app';

interface Placed {
  id: string;
  title: string;
  university: string | null;
  city: string | null;
  status: string;
  created_at: string;
}

/**
 * Projects on my campus, in my city, in both and in neither, interleaved in time, with ties in
 * created_at across the two sides and some closed: the "nearby" `or` is read as a union of each
 * side's first page (modules/table-api/query/candidates.ts), and must page exactly like the plain query.
 */
function placedProjects(): Placed[] {
  const places = [
    { university: 'MIT', city: 'Boston' },
    { university: 'Harvard', city: 'Cambridge' },
    { university: 'MIT', city: 'Cambridge' },
    { university: 'Stanford', city: 'Palo Alto' },
    { university: null, city: 'Cambridge' },
  ];
  return Array.from({ length: 30 }, (_, index) => {
    const place = places[(index * 7) % places.length]!;
    // Every two projects share a second, so the order's tiebreaker (the id) decides.
    const second = String(Math.floor(index / 2)).padStart(2, '0');
    return {
      id: `p_${String(index).padStart(2, '0')}`,
      title: index % 3 === 0 ? `alpha ${index}` : `beta ${index}`,
      ...place,
      status: index % 4 === 3 ? 'Closed' : 'Open',
      created_at: `2026-01-01T00:00:${second}.000Z`,
    };
  });
}

const nearby = (project: Placed) =>
  project.status === 'Open' && (project.university === 'MIT' || project.city === 'Cambridge');
const newestFirst = (a: Placed, b: Placed) =>
  b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id);

describe.each(DIALECTS)('an or of equalities, paged, on %s', (kind) => {
  let server: TestApp;
  let token: string;
  const projects = placedProjects();

  /** Every page of the query, following its cursors; the ids in the order they came. */
  const readAllPages = async (filters: string, pageSize: number) => {
    const ids: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 40; page++) {
      const query = `select=id&${filters}&order=created_at.desc&limit=${pageSize}`;
      const response: JsonResponse<{ id: string }[]> = await request(
        server.baseUrl,
        'GET',
        `/api/db/campus/rest/v1/projects?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        { token },
      );
      expect(response.status).toBe(200);
      ids.push(...response.body.map((row) => row.id));
      cursor = response.headers.get('x-next-cursor');
      if (!cursor) return ids;
    }
    throw new Error('the pages never ended');
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    const ada = await createVerifiedAccount(server.baseUrl, `nearby-${kind}@mit.edu`);
    token = ada.access_token;
    await server.database.db
      .insertInto('projects')
      .values(
        projects.map(({ id, title, university, city, status, created_at }) =>
          projectRow(id, ada.user.id, { title, university, city, status, created_at }),
        ),
      )
      .execute();
  });
  afterAll(() => server.close());

  it('pages through exactly the rows on my campus or in my city, newest first', async () => {
    const expected = projects.filter(nearby).sort(newestFirst);
    expect(expected.length).toBeGreaterThan(10);
    const filters = 'status=eq.Open&or=(university.eq.MIT,city.eq.Cambridge)';
    for (const pageSize of [1, 4, 12, 100]) {
      expect(await readAllPages(filters, pageSize)).toEqual(expected.map(({ id }) => id));
    }
  });

  it('keeps a second or (a search) on every side', async () => {
    const expected = projects
      .filter((project) => nearby(project) && project.title.startsWith('alpha'))
      .sort(newestFirst);
    expect(expected.length).toBeGreaterThan(1);
    const filters =
      'status=eq.Open&or=(title.ilike.*alpha*,description.ilike.*nothing*)' +
      '&or=(university.eq.MIT,city.eq.Cambridge)';
    expect(await readAllPages(filters, 2)).toEqual(expected.map(({ id }) => id));
  });
});
