import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const ACCENTED = 'Étude des Œuvres';
const PLAIN = 'Etude plain';

describe.each(DIALECTS)('searching text beyond ASCII on %s', (kind) => {
  let server: TestApp;
  let token: string;
  const titlesWhere = async (filter: string) => {
    const [column, value] = filter.split('=') as [string, string];
    const query = `select=title&order=title&${column}=${encodeURIComponent(value)}`;
    const response = await request<{ title: string }[]>(
      server.baseUrl,
      'GET',
      `/api/db/campus/rest/v1/projects?${query}`,
      { token },
    );
    expect(response.status).toBe(200);
    return response.body.map((row) => row.title);
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    const ada = await createVerifiedAccount(server.baseUrl, `unicode-${kind}@mit.edu`);
    token = ada.access_token;
    await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/users', {
      token,
      body: { name: 'Ada', university: 'MIT', city: 'Cambridge', role: 'Student' },
    });
    for (const title of [ACCENTED, PLAIN]) {
      const created = await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/projects', {
        token,
        body: { title, description: 'A study' },
      });
      expect(created.status).toBe(201);
    }
  });
  afterAll(() => server.close());

  it('ilike ignores the case of accented letters, as PostgreSQL does', async () => {
    expect(await titlesWhere('title=ilike.*étude*')).toEqual([ACCENTED]);
    expect(await titlesWhere('title=ilike.*ÉTUDE*')).toEqual([ACCENTED]);
    expect(await titlesWhere('title=ilike.*œuvres')).toEqual([ACCENTED]);
    expect(await titlesWhere('title=ilike.étude d_s*')).toEqual([ACCENTED]);
    expect(await titlesWhere('title=not.ilike.*œuvres*')).toEqual([PLAIN]);
  });

  it('keeps accented and plain letters apart, and like keeps case', async () => {
    expect(await titlesWhere('title=ilike.*ETUDE*')).toEqual([PLAIN]);
    expect(await titlesWhere('title=like.*étude*')).toEqual([]);
    expect(await titlesWhere('title=like.Étude*')).toEqual([ACCENTED]);
  });
});
