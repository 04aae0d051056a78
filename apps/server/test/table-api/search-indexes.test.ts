import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrateToLatest } from '../../src/db/migrate';
import { openPostgres } from '../../src/db/dialects/postgres';
import { createVerifiedStudents } from '../helpers/accounts';
import { profileRow, projectRow } from '../helpers/rows';
import { createEmptyPostgresDatabase } from '../helpers/test-database';
import { insertCampus, startSearchApp, type SearchAs } from '../helpers/search-campus';
import type { TestApp } from '../helpers/test-app';

const COMMON = 'Campus app';
const RARE = 'zephyrine';

/** A made-up word per number, five of fifteen letters. */
const LETTERS = 'abcdfgklmostuvw';
const wordOf = (n: number) =>
  [0, 1, 2, 3, 4].map((place) => LETTERS[Math.floor(n / 15 ** place) % 15]).join('');

/**
 * The search boxes on PostgreSQL (migration 022): a word few rows hold is found through
 * trigram indexes, not by reading every row; a server without pg_trgm still migrates and searches.
 */
describe('search indexes on PostgreSQL', () => {
  let server: TestApp;
  let searchAs: SearchAs;
  let ada = '';
  let token = '';

  beforeAll(async () => {
    const app = await startSearchApp('postgres');
    server = app.server;
    searchAs = app.search;
    const students = await createVerifiedStudents(server.baseUrl, ['ada', 'bob']);
    ada = students.ids.ada!;
    token = students.tokens.ada!;
    // Enough rows that the trigram indexes cost less than walking the newest-first one (below a
    // few thousand, PostgreSQL rightly reads the rows as it would without a policy); every
    // title, description and bio holds common words and a made-up word of its own, as real texts
    // differ, so the indexes' statistics are a real campus's; one of each holds the rare one.
    const accounts = [
      ...Array.from({ length: 30000 }, (_, index) => `owner-${index}`),
      'owner-rare',
    ];
    const profiles = accounts.map((id, index) =>
      id === 'owner-rare'
        ? profileRow('rare', id, { bio: `Loves ${RARE} glass` })
        : profileRow(`student${index}`, id, { bio: `${COMMON} builder of ${wordOf(index)}` }),
    );
    const projects = Array.from({ length: 30000 }, (_, index) =>
      projectRow(`p${index}`, students.ids.bob!, {
        title: `${COMMON} number ${index}: ${wordOf(index)}`,
        description: `A ${COMMON} for students, part ${index}, on ${wordOf(index * 7)}`,
      }),
    );
    projects.push(
      projectRow('rare-title', students.ids.bob!, { title: `The ${RARE} lamp` }),
      projectRow('rare-description', students.ids.bob!, { description: `Made of ${RARE}` }),
    );
    await insertCampus(server, { accounts, profiles, projects });
    await sql`analyze`.execute(server.database.db);
  });
  afterAll(() => server.close());

  /** The rows a search answers as Ada, and the plans of the reads the server ran for it. */
  const search = async (path: string) => {
    const { ids, plan } = await searchAs(path, token, { indexesOnly: true });
    return { rows: ids.map((id) => ({ id })), plan };
  };

  it('finds a rare word in a title or description through the trigram indexes', async () => {
    const { rows, plan } = await search(
      `projects?status=eq.Open&or=(title.ilike.*${RARE}*,description.ilike.*${RARE}*)&order=created_at.desc&limit=12`,
    );
    expect(rows.map((row) => row.id).sort()).toEqual(['rare-description', 'rare-title']);
    expect(plan).toContain('projects_title_trgm_idx');
    expect(plan).toContain('projects_description_trgm_idx');
    expect(plan).not.toMatch(/Seq Scan on projects/);
  });

  it('finds a rare word in a name, skills or bio through the trigram indexes', async () => {
    const { rows, plan } = await search(
      `users?user_id=neq.${ada}&or=(name.ilike.*${RARE}*,skills.ilike.*${RARE}*,bio.ilike.*${RARE}*)&order=created_at.desc&limit=12`,
    );
    expect(rows.map((row) => row.id)).toEqual(['u_rare']);
    expect(plan).toMatch(/users_(name|skills|bio)_trgm_idx/);
    expect(plan).not.toMatch(/Seq Scan on users/);
  });

  it('estimates a search to find as many rows as its filter alone does: a block check costs none', async () => {
    // A plan chosen for a quarter of the rows it really finds sorted a whole campus instead of
    // walking the newest-first index to the first page (docs/decisions/022).
    const { plan } = await searchAs(
      `projects?status=eq.Open&or=(title.ilike.*campus*,description.ilike.*campus*)&limit=12`,
      token,
      { indexesOnly: false, headers: { prefer: 'count=exact' } },
    );
    const counted = plan.split('\n').findIndex((line) => line.startsWith('Aggregate'));
    const estimate = (line: string | undefined) => Number(/rows=(\d+)/.exec(line ?? '')?.[1]);
    const bare = await server.database.explain(
      sql`select count(*) from projects where status = 'Open'
          and (title ilike '%campus%' or description ilike '%campus%')`.compile(server.database.db),
    );
    expect(counted).toBeGreaterThan(-1);
    expect(estimate(plan.split('\n')[counted + 1])).toBeGreaterThanOrEqual(estimate(bare[1]) * 0.9);
  });

  it('still answers a common word with the newest rows first', async () => {
    const { rows } = await search(
      `projects?status=eq.Open&or=(title.ilike.*campus*,description.ilike.*campus*)&order=created_at.desc,id.desc&limit=3`,
    );
    const newest = await server.database.db
      .selectFrom('projects')
      .select('id')
      .where((eb) =>
        eb.or([eb('title', 'ilike', '%campus%'), eb('description', 'ilike', '%campus%')]),
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(rows.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    expect(rows).toHaveLength(3);
  });
});

describe('a PostgreSQL server that refuses pg_trgm', () => {
  it('migrates all the same, and searches by reading the rows', async () => {
    const empty = await createEmptyPostgresDatabase();
    const url = new URL(empty.url);
    const role = `no_extensions_${Date.now().toString(36)}`;
    const asAdmin = async (statements: string[], connectionString = empty.url) => {
      const admin = new pg.Client({ connectionString });
      await admin.connect();
      try {
        for (const statement of statements) await admin.query(statement);
      } finally {
        await admin.end();
      }
    };
    // A managed server's app role: it may create tables in its schema, not extensions.
    await asAdmin([
      `create role ${role} login`,
      `revoke create on database ${url.pathname.slice(1)} from public`,
      `grant create on schema public to ${role}`,
    ]);
    url.username = role;
    const handle = openPostgres(url.toString());
    try {
      await migrateToLatest(handle.db);
      const installed = await sql<{ name: string }>`
        select extname as name from pg_extension where extname = 'pg_trgm'`.execute(handle.db);
      expect(installed.rows).toEqual([]);
      const found = await handle.db
        .selectFrom('projects')
        .select('id')
        .where('title', 'ilike', `%${RARE}%`)
        .execute();
      expect(found).toEqual([]);
    } finally {
      await handle.close();
      await empty.drop();
      await asAdmin([`drop role if exists ${role}`], inject('postgresUrl'));
    }
  });
});
