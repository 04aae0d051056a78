import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillParameters, parameterSources } from '../../src/db/compiled-queries/placeholders';
import { matchQuery } from '../../src/modules/matching/match-query';
import {
  CANDIDATE_WINDOW,
  matchedLabels,
  peopleRanking,
  projectRanking,
  rowsById,
  type KeyedRun,
} from '../../src/modules/matching/ranking';
import { scopeRule, type Me } from '../../src/modules/matching/scope';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/test-database';

/**
 * A recommendation's queries are compiled once per key and run again with other values
 * (modules/matching/ranking.ts). Whatever shapes their SQL must be in the key, or one request
 * would run with SQL built for another: equal keys must build equal SQL, for every combination
 * of scope, place, search, filter and list length, and every run must have a value for every
 * parameter.
 */
describe.each(DIALECTS)('recommendation query keys on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  const places = [
    { university: null, city: null },
    { university: 'MIT', city: null },
    { university: 'MIT', city: 'Cambridge' },
    { university: 'Stanford', city: 'Palo Alto' },
  ];
  const searches = ['', 'robots', 'ROBOTS', '50%_off\\', 'é'];
  const lists = [['react'], ['cad', 'rust'], ['figma', 'go', 'python']];

  function* runs(): Generator<KeyedRun> {
    for (const [index, place] of places.entries()) {
      // A reader in no block is ranked without the block checks: another SQL, another key.
      const me: Me = {
        accountId: `account-${index}`,
        profileId: `profile-${index}`,
        ...place,
        inNoBlock: index % 2 === 0,
      };
      for (const scope of ['all', 'university', 'nearby'] as const) {
        const rule = scopeRule(scope, me);
        for (const search of searches) {
          for (const filter of ['', 'React']) {
            for (const tags of lists) {
              const query = matchQuery.parse({ scope, search, skill: filter, role: filter });
              yield projectRanking(database, me, query, rule, tags);
              yield peopleRanking(database, me, query, rule, tags);
            }
          }
        }
      }
    }
    for (const table of ['projects', 'users'] as const) {
      for (const ids of lists) {
        yield rowsById(database, table, ids, `reader-${ids.length}`);
        for (const tags of lists) yield matchedLabels(database, table, ids, tags);
      }
    }
  }

  it('builds equal SQL for equal keys, a key per SQL, and fills every parameter', () => {
    const sqlByKey = new Map<string, string>();
    for (const run of runs()) {
      const compiled = run.query.build().compile();
      const known = sqlByKey.get(run.query.shape);
      if (known === undefined) sqlByKey.set(run.query.shape, compiled.sql);
      else
        expect({ key: run.query.shape, sql: compiled.sql }).toEqual({
          key: run.query.shape,
          sql: known,
        });
      const parameters = fillParameters(parameterSources(compiled.parameters), run.values);
      expect(parameters).not.toContain(undefined);
    }
    expect(new Set(sqlByKey.values()).size).toBe(sqlByKey.size);
  });

  it('checks blocks for each candidate only when I am in a block', () => {
    const query = matchQuery.parse({});
    for (const inNoBlock of [true, false]) {
      const me: Me = { accountId: 'a', profileId: 'p', university: 'MIT', city: null, inNoBlock };
      for (const ranking of [projectRanking, peopleRanking]) {
        const { sql } = ranking(database, me, query, 'everyone', ['react']).query.build().compile();
        expect(sql.includes('"blocks"')).toBe(!inNoBlock);
      }
      // The rows read by id go through the whole policy whoever reads them.
      const { sql } = rowsById(database, 'users', ['p'], 'a').query.build().compile();
      expect(sql).toContain('"blocks"');
    }
  });

  it('writes the candidate window into the SQL, where a generic plan sees it', () => {
    // Bound, the window was unknown to PostgreSQL's generic plan, which took it for a tenth of the
    // table and hashed every row holding one of the tags (ranking.ts).
    const me: Me = {
      accountId: 'a',
      profileId: 'p',
      university: 'MIT',
      city: null,
      inNoBlock: true,
    };
    const query = matchQuery.parse({});
    for (const ranking of [projectRanking, peopleRanking]) {
      const { sql } = ranking(database, me, query, 'everyone', ['react']).query.build().compile();
      expect(sql).toContain(`limit ${CANDIDATE_WINDOW})`);
    }
  });
});
