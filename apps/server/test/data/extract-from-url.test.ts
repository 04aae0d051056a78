import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { ARTICLE_HTML, HOME_HTML, makePdf, makePng } from './documents';
import { redirect, serve, startPageServer, type PageServer } from './page-server';

const LATIN1_PAGE =
  '<html><head><title>Caf\u00e9 cr\u00e8me</title></head>' +
  '<body><p>Cr\u00e8me br\u00fbl\u00e9e \u00e0 la carte</p></body></html>';

/**
 * POST /api/data/{project}/extract-from-url: the readable text of a page, text file or PDF,
 * fetched through the outbound guard from a real local server the operator opened.
 */
describe.each(DIALECTS)('extract-from-url on %s', (kind) => {
  let server: TestApp;
  let pages: PageServer;
  let token: string;

  const post = (body: unknown, auth = `Bearer ${token}`, project = 'campus') =>
    fetch(`${server.baseUrl}/api/data/${project}/extract-from-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: auth },
      body: JSON.stringify(body),
    });
  const extract = async (path: string) => {
    const response = await post({ url: `${pages.origin}${path}` });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    pages = await startPageServer({
      '/article': serve('text/html; charset=utf-8', ARTICLE_HTML),
      '/home': serve('text/html', HOME_HTML),
      '/latin1': serve('text/html; charset=ISO-8859-1', Buffer.from(LATIN1_PAGE, 'latin1')),
      '/latin1-meta': serve(
        'text/html',
        Buffer.from(LATIN1_PAGE.replace('<head>', '<head><meta charset="windows-1252">'), 'latin1'),
      ),
      '/notes.md': serve('text/markdown', '# Reading list\r\n\r\n\r\n\r\n- Bees   \n- Ants\n'),
      '/start': redirect('/middle', 301),
      '/middle': redirect('/article', 302),
      '/paper.pdf': serve('application/pdf', await makePdf()),
      '/photo': serve('image/png', await makePng()),
      '/png-as-html': serve('text/html', await makePng()),
      '/data.json': serve('application/json', '{"a":1}'),
    });
    server = await startTestApp(kind, { DATA_ALLOWED_HOSTS: `127.0.0.1:${pages.port}` });
    token = (await createVerifiedAccount(server.baseUrl, 'ada@mit.edu')).access_token;
  });
  afterAll(async () => {
    await server.close();
    await pages.close();
  });

  it('reads an article with Readability: title, byline, excerpt and paragraphs', async () => {
    const { status, body } = await extract('/article');
    expect(status).toBe(200);
    expect(body).toMatchObject({
      url: `${pages.origin}/article`,
      title: 'How Bees Talk | Campus Science',
      byline: 'Grace Hopper',
    });
    const paragraphs = String(body.text).split('\n\n');
    expect(paragraphs.map((paragraph) => paragraph.split(' ').slice(0, 2).join(' '))).toEqual([
      'Honey bees',
      'Worker bees',
      'Scout bees',
    ]);
    expect(body.excerpt).toMatch(/^Honey bees communicate/);
    expect(body.text).not.toContain('tracking pixel');
    expect(body.text).not.toContain('About');
  });

  it('falls back to the title and visible text of a page that is no article', async () => {
    const { status, body } = await extract('/home');
    expect(status).toBe(200);
    expect(body).toEqual({
      url: `${pages.origin}/home`,
      title: 'Campus Portal',
      text: 'Welcome to the portal\n\nCourses\nClubs',
    });
  });

  it('honours a latin1 charset from the header or from <meta charset>', async () => {
    for (const path of ['/latin1', '/latin1-meta']) {
      const { status, body } = await extract(path);
      expect({ path, status, body }).toEqual({
        path,
        status: 200,
        body: {
          url: `${pages.origin}${path}`,
          title: 'Caf\u00e9 cr\u00e8me',
          text: 'Cr\u00e8me br\u00fbl\u00e9e \u00e0 la carte',
        },
      });
    }
  });

  it('answers markdown as its text, whitespace tidied, and the final URL after redirects', async () => {
    expect(await extract('/notes.md')).toEqual({
      status: 200,
      body: {
        url: `${pages.origin}/notes.md`,
        title: 'Reading list',
        text: '# Reading list\n\n- Bees\n- Ants',
      },
    });
    const { status, body } = await extract('/start');
    expect(status).toBe(200);
    expect(body.url).toBe(`${pages.origin}/article`);
    expect(body.title).toBe('How Bees Talk | Campus Science');
  });

  it('reads a PDF served over HTTP: its title and each page', async () => {
    expect(await extract('/paper.pdf')).toEqual({
      status: 200,
      body: {
        url: `${pages.origin}/paper.pdf`,
        title: 'Field Notes on Bees',
        text: 'Bees dance to share directions.\n\nThe hive votes on a new home.',
      },
    });
  });

  it('answers 502 naming an upstream error status, and 415 for an image or JSON', async () => {
    expect(await extract('/missing')).toEqual({
      status: 502,
      body: { code: 'UPSTREAM_STATUS', message: 'The URL answered with HTTP status 404' },
    });
    for (const path of ['/photo', '/png-as-html', '/data.json']) {
      const { status, body } = await extract(path);
      expect({ path, status, code: body.code }).toEqual({
        path,
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect((await extract('/photo')).body.message).toMatch(/"image\/png"/);
  });

  it('refuses a private address with 400 URL_NOT_ALLOWED, unsent', async () => {
    const before = pages.connections();
    for (const url of [`http://localhost:${pages.port}/article`, 'http://10.0.0.1/']) {
      const response = await post({ url });
      expect({ url, status: response.status, body: await response.json() }).toMatchObject({
        url,
        status: 400,
        body: { code: 'URL_NOT_ALLOWED' },
      });
    }
    expect(pages.connections()).toBe(before);
  });

  it('answers 401 without a token, 404 for another project, 400 for a bad body', async () => {
    const url = `${pages.origin}/article`;
    expect((await post({ url }, '')).status).toBe(401);
    expect((await post({ url }, undefined, 'other')).status).toBe(404);
    expect((await post({})).status).toBe(400);
    expect((await post([{ url }])).status).toBe(400);
    expect((await post({ url: 42 })).status).toBe(400);
    const smuggled = await fetch(`${server.baseUrl}/api/data/campus/extract-from-url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: `{"url":"${url}","__proto__":{"url":"http://10.0.0.1/"}}`,
    });
    expect(smuggled.status).toBe(400);
  });
});
