import type { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { profileRow, projectRow } from '../helpers/rows';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const TITLES = [
  'Build 50% faster',
  'Build 500 faster',
  'snake_case tools',
  'snakeXcase tools',
  'Étude des Œuvres',
  "O'Brien's \\ robot",
];

/** packages/sdk's quoting of a value inside `or=(...)`. */
const quote = (value: string) => `"${value.replace(/["\\]/g, '\\$&')}"`;

/**
 * Explore's search, as the web app sends it, run again and again with other words. On PostgreSQL
 * the words are written into the SQL (db/dialects/types.ts, `valueInSql`), so whatever the
 * text, the answers must stay those of the pattern.
 */
describe.each(DIALECTS)('campus search with any words on %s', (kind) => {
  let server: TestApp;
  let token: string;
  let adaId: string;
  const recorded: CompiledQuery[] = [];

  beforeAll(async () => {
    server = await startTestApp(kind, {}, { onQuery: (query) => recorded.push(query) });
    const students = await createVerifiedStudents(server.baseUrl, ['ada']);
    token = students.tokens.ada!;
    adaId = students.ids.ada!;
    const { db } = server.database;
    await db.insertInto('users').values(profileRow('ada', students.ids.ada!)).execute();
    await db
      .insertInto('projects')
      .values(
        TITLES.map((title, index) =>
          projectRow(`p${index}`, students.ids.ada!, { title, university: 'MIT' }),
        ),
      )
      .execute();
  });
  afterAll(() => server.close());

  const search = async (pattern: string) => {
    const or = `(title.ilike.${quote(pattern)},description.ilike.${quote(pattern)})`;
    const query = new URLSearchParams([
      ['select', 'title'],
      ['status', 'eq.Open'],
      ['or', or],
      ['university', 'eq.MIT'],
      ['order', 'created_at.desc'],
      ['limit', '12'],
    ]);
    const response = await request<{ title: string }[]>(
      server.baseUrl,
      'GET',
      `/api/db/campus/rest/v1/projects?${query}`,
      { token },
    );
    expect(response.status).toBe(200);
    // Sorted here: the databases' collations order `_` and letters apart.
    return response.body.map((row) => row.title).sort();
  };

  it('finds what each pattern matches, round after round', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await search('*faster*')).toEqual(['Build 50% faster', 'Build 500 faster']);
      expect(await search('*50\\%*')).toEqual(['Build 50% faster']);
      expect(await search('*50%*')).toEqual(['Build 50% faster', 'Build 500 faster']);
      expect(await search('*e\\_c*')).toEqual(['snake_case tools']);
      expect(await search('*e_c*')).toEqual(['snakeXcase tools', 'snake_case tools']);
      expect(await search('*DES œ*')).toEqual(['Étude des Œuvres']);
      expect(await search('*ase too*')).toEqual(['snakeXcase tools', 'snake_case tools']);
      expect(await search('*nowhere*')).toEqual([]);
      expect(await search("*o'brien*")).toEqual(["O'Brien's \\ robot"]);
      expect(await search("*'s \\\\ r*")).toEqual(["O'Brien's \\ robot"]);
      expect(await search("*'s \\ r*")).toEqual([]);
      expect(await search("*') or true or ('*")).toEqual([]);
      expect(await search("*\\' or 1=1 --*")).toEqual([]);
    }
  });

  it.runIf(kind === 'postgres')('prepares a search with its words in the SQL', async () => {
    recorded.length = 0;
    await search('*faster*');
    // The pattern is matched against the lower-cased copies (migration 025).
    const searchSql = recorded.map((query) => query.sql).find((text) => /like lower/.test(text));
    expect(searchSql).toContain(`like lower('%faster%')`);
    // Every value but the reader's id, the campus and offset too: a plan made without the
    // campus took the biggest for an average one (db/dialects/types.ts, `valueInSql`).
    expect(searchSql).toContain(`"projects"."university" = 'MIT'`);
    expect(searchSql).toMatch(/offset 0$/);
    const { parameters } = recorded.find((query) => query.sql === searchSql)!;
    expect(parameters).toContain(adaId);
    expect(parameters).not.toContain('%faster%');
    expect(parameters).not.toContain('MIT');
    expect(server.database.compiledQueries.statementName(searchSql!)).toMatch(/^searched_\d+$/);

    // A read without a pattern keeps its shape's statement.
    recorded.length = 0;
    await request(server.baseUrl, 'GET', '/api/db/campus/rest/v1/projects?status=eq.Open', {
      token,
    });
    const pageSql = recorded.map((query) => query.sql).find((text) => /from "projects"/.test(text));
    expect(server.database.compiledQueries.statementName(pageSql!)).toMatch(/^compiled_\d+$/);
  });
});
