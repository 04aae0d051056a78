import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { serve, startPageServer, type PageServer } from './page-server';

/** SearXNG's JSON shape, with the untrusted entries a real instance may pass along. */
const RESULTS = [
  { title: 'Bees  and\nflowers', url: 'https://bees.example/1', content: 'How bees see.' },
  { title: 'A script', url: 'javascript:alert(1)', content: 'never shown' },
  { title: 'Bees again', url: 'https://bees.example/1', content: 'duplicate' },
  { title: 'Hive data', url: 'http://hive.example/data', content: 42 },
  { url: 'ftp://files.example/bees' },
  ...Array.from({ length: 12 }, (_, i) => ({
    title: `Result ${i}`,
    url: `https://r.example/${i}`,
    content: `Snippet ${i}`,
  })),
];

/**
 * POST /api/data/{project}/search: results from the operator's SearXNG (SEARCH_URL), here a
 * real local server answering in SearXNG's JSON shape.
 */
describe.each(DIALECTS)('search on %s', (kind) => {
  let server: TestApp;
  let garbled: TestApp;
  let searx: PageServer;
  let broken: PageServer;
  let token: string;

  let garbledToken: string;

  const search = async (app: TestApp, body: unknown) => {
    const auth = `Bearer ${app === garbled ? garbledToken : token}`;
    const response = await fetch(`${app.baseUrl}/api/data/campus/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    searx = await startPageServer({
      '/searx/search': serve('application/json', JSON.stringify({ results: RESULTS })),
    });
    broken = await startPageServer({ '/search': serve('text/html', '<html>Oops</html>') });
    server = await startTestApp(kind, { SEARCH_URL: `${searx.origin}/searx` });
    garbled = await startTestApp(kind, { SEARCH_URL: `${broken.origin}/` });
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
    garbledToken = (await createVerifiedAccount(garbled.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(async () => {
    await Promise.all([server.close(), garbled.close(), searx.close(), broken.close()]);
  });

  it('asks SearXNG for JSON and answers only http(s) results, deduplicated, up to the limit', async () => {
    const { status, body } = await search(server, { query: '  bees & flowers?  ', limit: 4 });
    expect(status).toBe(200);
    expect(body).toEqual({
      results: [
        { title: 'Bees and flowers', url: 'https://bees.example/1', snippet: 'How bees see.' },
        { title: 'Hive data', url: 'http://hive.example/data', snippet: '' },
        { title: 'Result 0', url: 'https://r.example/0', snippet: 'Snippet 0' },
        { title: 'Result 1', url: 'https://r.example/1', snippet: 'Snippet 1' },
      ],
    });
    const asked = new URL(searx.requests.at(-1)!, searx.origin);
    expect(asked.pathname).toBe('/searx/search');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      q: 'bees & flowers?',
      format: 'json',
    });
  });

  it('answers 10 results by default and stops at the end of what SearXNG has', async () => {
    const ten = await search(server, { query: 'bees' });
    expect((ten.body.results as unknown[]).length).toBe(10);
    const before = searx.requests.length;
    const all = await search(server, { query: 'bees', limit: 50 });
    // Page 2 repeats page 1 here, so it adds nothing and the search ends there.
    expect((all.body.results as unknown[]).length).toBe(14);
    expect(searx.requests.slice(before).map((path) => new URL(path, searx.origin).search)).toEqual([
      '?q=bees&format=json',
      '?q=bees&format=json&pageno=2',
    ]);
  });

  it('refuses a bad query or limit with 400', async () => {
    for (const body of [
      {},
      { query: '   ' },
      { query: 'x'.repeat(501) },
      { query: 'bees', limit: 0 },
      { query: 'bees', limit: 51 },
      { query: 'bees', limit: 2.5 },
      [{ query: 'bees' }],
    ]) {
      const { status } = await search(server, body);
      expect({ body, status }).toEqual({ body, status: 400 });
    }
  });

  it('answers 502 SEARCH_FAILED when SearXNG answers something other than JSON', async () => {
    expect(await search(garbled, { query: 'bees' })).toEqual({
      status: 502,
      body: {
        code: 'SEARCH_FAILED',
        message: 'Search failed: the search service did not answer JSON',
      },
    });
  });
});

describe('search without SEARCH_URL', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 503 SEARCH_NOT_CONFIGURED', async () => {
    const { access_token: token } = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const response = await fetch(`${server.baseUrl}/api/data/campus/search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ query: 'bees' }),
    });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      code: 'SEARCH_NOT_CONFIGURED',
      message: 'Search is not configured: set SEARCH_URL to a SearXNG instance',
    });
  });
});
