import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { redirect, serve, startPageServer, type PageServer } from './page-server';

const COURSES_HTML = `<!doctype html>
<html><head><title> Course   Catalog </title></head>
<body>
  <h1>Courses</h1>
  <ul>
    <li class="course"><a href="/c/bio101">Biology <b>101</b></a> <span class="credits">4</span></li>
    <li class="course"><a href="c/chem201?term=fall">Chemistry 201</a> <span class="credits">3</span></li>
    <li class="course"><a href="https://other.example/x#top">Elsewhere</a></li>
  </ul>
  <a href="/c/bio101">Biology again</a>
  <a href="javascript:alert(1)">Script</a>
  <a href="mailto:dean@mit.edu">Mail</a>
  <script>var hidden = 1;</script>
</body></html>`;

/**
 * POST /api/data/{project}/scrape: a page's title, absolute http(s) links, visible text and
 * the text of named CSS selectors, read with cheerio from a real local server.
 */
describe.each(DIALECTS)('scrape on %s', (kind) => {
  let server: TestApp;
  let pages: PageServer;
  let token: string;

  const scrape = async (body: unknown) => {
    const response = await fetch(`${server.baseUrl}/api/data/campus/scrape`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    pages = await startPageServer({
      '/catalog/': serve('text/html', COURSES_HTML),
      '/catalog': redirect('/catalog/'),
      '/feed': serve('application/json', '{"courses":[]}'),
    });
    server = await startTestApp(kind, { DATA_ALLOWED_HOSTS: `127.0.0.1:${pages.port}` });
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await pages.close();
  });

  it('answers the title, absolute deduplicated http(s) links and the visible text', async () => {
    const { status, body } = await scrape({ url: `${pages.origin}/catalog` });
    expect(status).toBe(200);
    expect(body).toEqual({
      url: `${pages.origin}/catalog/`,
      title: 'Course Catalog',
      links: [
        { text: 'Biology 101', url: `${pages.origin}/c/bio101` },
        { text: 'Chemistry 201', url: `${pages.origin}/catalog/c/chem201?term=fall` },
        { text: 'Elsewhere', url: 'https://other.example/x#top' },
      ],
      text: 'Courses\n\nBiology 101 4\n\nChemistry 201 3\n\nElsewhere\n\nBiology again Script Mail',
    });
  });

  it('answers the trimmed text of every match of each named selector', async () => {
    const { status, body } = await scrape({
      url: `${pages.origin}/catalog/`,
      selectors: { names: 'li.course > a', credits: '.credits', none: 'table td' },
    });
    expect(status).toBe(200);
    expect(body.fields).toEqual({
      names: ['Biology 101', 'Chemistry 201', 'Elsewhere'],
      credits: ['4', '3'],
      none: [],
    });
  });

  it('refuses a bad selector, too many, a bad or __proto__ name, before fetching', async () => {
    const before = pages.connections();
    const url = `${pages.origin}/catalog/`;
    const invalid = await scrape({ url, selectors: { names: 'li[class' } });
    expect(invalid).toMatchObject({
      status: 400,
      body: { code: 'VALIDATION_ERROR', message: 'Invalid CSS selector: li[class' },
    });
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`f${i}`, 'li']));
    expect(await scrape({ url, selectors: many })).toMatchObject({
      status: 400,
      body: { message: 'At most 20 selectors' },
    });
    for (const name of ['', 'has space', 'x'.repeat(65), 'dollar$']) {
      const { status } = await scrape({ url, selectors: { [name]: 'li' } });
      expect({ name, status }).toEqual({ name, status: 400 });
    }
    const proto = await scrape(`{"url":"${url}","selectors":{"__proto__":"li"}}`);
    expect(proto.status).toBe(400);
    expect(pages.connections()).toBe(before);
  });

  it('answers 415 for a page that is not HTML and 400 for a private address', async () => {
    expect(await scrape({ url: `${pages.origin}/feed` })).toMatchObject({
      status: 415,
      body: { code: 'UNSUPPORTED_MEDIA_TYPE' },
    });
    expect(await scrape({ url: `http://localhost:${pages.port}/catalog/` })).toMatchObject({
      status: 400,
      body: { code: 'URL_NOT_ALLOWED' },
    });
  });
});
