import { TABLE_API_MAX_ROWS } from '@campuscollab/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parameterSources } from '../../src/db/compiled-queries/placeholders';
import { parsePostgrestRequest, PostgrestError } from '../../src/lib/postgrest';
import { prepareRead } from '../../src/modules/table-api/read';
import {
  CURSOR_SECRET,
  neighbourTemplates,
  renderRequest,
  requestTemplate,
  valueSeeds,
} from '../helpers/read-request-templates';
import { createTestDatabase, DIALECTS, type TestDatabase } from '../helpers/test-database';

/**
 * A compiled read is reused for every request with its key (modules/table-api/read.ts,
 * lib/postgrest/shape-key.ts), so equal keys must mean equal SQL, parameter for parameter, or
 * one request would run with SQL built for another; and requests that differ in values alone
 * must share a key, or nothing would be reused (but a search on PostgreSQL, which is planned
 * for its values).
 */
describe.each(DIALECTS)('compiled read keys on %s', (kind) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
  });
  afterAll(() => database.drop());

  /** Each of a request's compiled queries with its key, or null for a request refused. */
  const compiledQueries = (request: ReturnType<typeof renderRequest>) => {
    const { policy, query, headers } = request;
    let read;
    try {
      const parsed = parsePostgrestRequest(query, headers, {
        maxLimit: TABLE_API_MAX_ROWS,
        cursorSecret: CURSOR_SECRET,
        cursorScope: policy.name,
        cursorKeyColumn: policy.primaryKey,
      });
      read = prepareRead({ policy, parsed, database });
    } catch (error) {
      if (error instanceof PostgrestError) return null;
      throw error;
    }
    return [read.page, read.count].flatMap((query) => {
      if (!query) return [];
      const { sql, parameters } = query.build().compile();
      const compiled = { sql, sources: parameterSources(parameters) };
      return [{ key: query.shape, compiled, holdsWords: Boolean(query.holdsWords) }];
    });
  };

  it('build the same SQL for every request with the same key', () => {
    const seen = new Map<string, unknown>();
    fc.assert(
      fc.property(neighbourTemplates, valueSeeds, valueSeeds, ([template, neighbour], one, two) => {
        const requests = [
          renderRequest(template, { values: one, forms: one }),
          renderRequest(template, { values: two, forms: two }),
          renderRequest(neighbour, { values: one, forms: one }),
        ];
        for (const { key, compiled } of requests.flatMap(
          (request) => compiledQueries(request) ?? [],
        )) {
          if (!seen.has(key)) seen.set(key, compiled);
          expect(compiled).toEqual(seen.get(key));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('give requests that differ in values alone the same key', () => {
    fc.assert(
      fc.property(requestTemplate, valueSeeds, valueSeeds, (template, one, two) => {
        // Patterns and the offset keep their forms, which are part of the key.
        const first = compiledQueries(renderRequest(template, { values: one, forms: one }));
        const second = compiledQueries(renderRequest(template, { values: two, forms: one }));
        fc.pre(first !== null && second !== null);
        // On PostgreSQL a search is planned for its values, written into its SQL and its key
        // (db/dialects/types.ts, `valueInSql`): each set of values is a query of its own.
        fc.pre(!first!.some((query) => query.holdsWords));
        expect(second!.map(({ key }) => key)).toEqual(first!.map(({ key }) => key));
      }),
      { numRuns: 300 },
    );
  });
});
