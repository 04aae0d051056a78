import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { READ_SCENARIOS } from './read-scenarios';
import {
  restUrl,
  seedWorld,
  type Outcome,
  type Person,
  type Scenario,
  type World,
} from './scenario-world';
import { WRITE_SCENARIOS } from './write-scenarios';

/**
 * The table API driven by the real @supabase/postgrest-js client, over HTTP, on both databases:
 * what a student's browser would get back for each query. Reads run first and change nothing;
 * writes follow and only touch rows they create (or check a refusal leaves a row as it was).
 */

/** The parts of a response a scenario names, so one diff shows everything that differs. */
function observed(outcome: Outcome, scenario: Scenario): Record<string, unknown> {
  const seen: Record<string, unknown> = { status: outcome.status };
  if (scenario.error || outcome.error) {
    seen.error = outcome.error && {
      code: outcome.error.code,
      ...(scenario.error?.message !== undefined && { message: outcome.error.message }),
      ...(scenario.error?.details !== undefined && { details: outcome.error.details }),
    };
  }
  if ('data' in scenario || scenario.dataFor) seen.data = outcome.data;
  if ('count' in scenario) seen.count = outcome.count;
  return seen;
}

function expected(scenario: Scenario, world: World): Record<string, unknown> {
  const wanted: Record<string, unknown> = { status: scenario.status };
  if (scenario.error) {
    const { message } = scenario.error;
    wanted.error = {
      ...scenario.error,
      ...(message instanceof RegExp && { message: expect.stringMatching(message) }),
    };
  }
  if (scenario.dataFor) wanted.data = scenario.dataFor(world);
  else if ('data' in scenario) wanted.data = scenario.data;
  if ('count' in scenario) wanted.count = scenario.count;
  return wanted;
}

interface KeysetWalk {
  as?: Person;
  table: string;
  select: string;
  order: string;
  limit: number;
}

const KEYSET_WALKS: KeysetWalk[] = [
  { table: 'projects', select: 'id', order: 'created_at.desc', limit: 2 },
  { table: 'projects', select: 'id', order: 'created_at.asc', limit: 4 },
  { table: 'projects', select: 'id', order: 'title.desc', limit: 5 },
  // The cursor reads its keys from the row when the select has them, under any alias.
  { table: 'projects', select: '*', order: 'created_at.desc', limit: 3 },
  { table: 'projects', select: 'ref:id,title', order: 'title.desc', limit: 2 },
  { table: 'users', select: 'name', order: 'university.asc,name.desc', limit: 1 },
  { table: 'messages', select: 'id', order: 'read_status.asc,created_at.desc', limit: 2 },
  // dee also sees three projects created in one statement: pages split inside a tie.
  { as: 'dee', table: 'projects', select: 'id', order: 'created_at.desc', limit: 2 },
  { as: 'dee', table: 'projects', select: 'id', order: 'status.asc,created_at.asc', limit: 2 },
];

describe.each(DIALECTS)('postgrest-js scenarios on %s', (kind) => {
  let server: TestApp;
  let world: World;

  beforeAll(async () => {
    server = await startTestApp(kind);
    world = await seedWorld(server.baseUrl);
  });
  afterAll(() => server.close());

  const run = async (scenario: Scenario) => {
    const db = world.clients[scenario.as ?? 'ada'];
    const outcome = await scenario.build(db, world);
    // Soft, so a wrong answer still has its effect on the data checked below.
    expect.soft(observed(outcome, scenario)).toEqual(expected(scenario, world));
    if (scenario.after) {
      const check = await scenario.after.build(db, world);
      expect({ error: check.error, data: check.data }).toEqual({
        error: null,
        data: scenario.after.data,
      });
    }
  };

  describe('reads', () => {
    it.each(READ_SCENARIOS)('$name', run);
  });

  describe('raw HTTP', () => {
    const get = (path: string, headers: Record<string, string> = {}, as: Person = 'ada') =>
      fetch(`${restUrl(world.baseUrl)}/${path}`, {
        headers: { authorization: `Bearer ${world.tokens[as]}`, ...headers },
      });

    it.each(KEYSET_WALKS)(
      'keyset pagination: $table ordered by $order, $limit a page',
      async ({ as, table, select, order, limit }) => {
        const base = `${table}?select=${select}&order=${order}`;
        const everything = (await (await get(base, {}, as)).json()) as unknown[];
        const pages: unknown[][] = [];
        let cursor: string | null = null;
        do {
          const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
          const response = await get(`${base}&limit=${limit}${query}`, {}, as);
          expect(response.status).toBe(200);
          const rows = (await response.json()) as unknown[];
          pages.push(rows);
          cursor = response.headers.get('x-next-cursor');
          // A cursor is offered exactly when the page is full.
          expect(cursor !== null).toBe(rows.length === limit);
        } while (cursor && pages.length <= everything.length);

        expect(everything.length).toBeGreaterThan(limit);
        expect(pages.flat()).toEqual(everything);
        const keys = pages.flat().map((row) => JSON.stringify(row));
        expect(new Set(keys).size).toBe(keys.length);
        expect(pages.slice(0, -1).every((page) => page.length === limit)).toBe(true);
      },
    );

    it('reports the range, the applied preferences and the next cursor in headers', async () => {
      const response = await get('projects?select=id&order=title&limit=2', {
        prefer: 'count=exact',
      });
      expect(response.status).toBe(206);
      expect(response.headers.get('content-range')).toBe('0-1/6');
      expect(response.headers.get('preference-applied')).toBe('count=exact');
      expect(response.headers.get('x-next-cursor')).toMatch(/^[\w-]+\.[\w-]{43}$/);

      const plain = await get('projects?select=id&offset=2&limit=3');
      expect(plain.status).toBe(200);
      expect(plain.headers.get('content-range')).toBe('2-4/*');
      expect(plain.headers.get('preference-applied')).toBeNull();
      // No order, no keyset: no cursor either.
      expect(plain.headers.get('x-next-cursor')).toBeNull();
    });
  });

  describe('writes', () => {
    it.each(WRITE_SCENARIOS)('$name', run);
  });
});
