import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVerifiedAccount, startTestApp, type TestApp } from '@campuscollab/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CampusClient } from '../src/create-client';
import { createSharedStorage } from './helpers/memory-storage';
import { createNodeClient } from './helpers/real-client';

const ARTICLE = `<!doctype html><html lang="en"><head><title>Robot Club</title></head><body>
<nav><a href="/join">Join us</a></nav>
<main><article><h1>Robot Club</h1>
<p class="lead">We build line-following robots every Thursday in the engineering workshop.</p>
<p>This term we are adding a camera so the robot can read signs along the track.</p>
<p>Everyone is welcome, and no experience is needed to start.</p>
</article></main></body></html>`;

describe('the data client against the real server and a local web page', () => {
  let page: Server;
  let pageUrl: string;
  let app: TestApp;
  let client: CampusClient;

  beforeAll(async () => {
    page = createServer((request, response) => {
      if (request.url === '/club') {
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(ARTICLE);
      } else if (request.url === '/image') {
        response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(64));
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    const host = `127.0.0.1:${(page.address() as AddressInfo).port}`;
    pageUrl = `http://${host}`;
    app = await startTestApp('sqlite', { DATA_ALLOWED_HOSTS: host });
    const account = await createVerifiedAccount(app.baseUrl, 'ada@mit.edu');
    const storage = createSharedStorage();
    storage.setItem('campuscollab.auth.campus', JSON.stringify(account));
    client = createNodeClient(app.baseUrl, { storage }).client;
    await client.auth.ready;
  });
  afterAll(async () => {
    client?.close();
    await app?.close();
    await new Promise((resolve) => page?.close(resolve));
  });

  it("extracts a page's title and readable text", async () => {
    const { data, error } = await client.data.extractFromUrl({ url: `${pageUrl}/club` });
    expect(error).toBeNull();
    expect(data).toMatchObject({ url: `${pageUrl}/club`, title: 'Robot Club' });
    expect(data!.text).toContain('We build line-following robots every Thursday');
  });

  it('refuses a private address as URL_NOT_ALLOWED, and a page without text with 415', async () => {
    const refused = await client.data.extractFromUrl({ url: 'http://10.0.0.1/' });
    expect(refused.error).toMatchObject({
      kind: 'VALIDATION_ERROR',
      status: 400,
      code: 'URL_NOT_ALLOWED',
    });
    const image = await client.data.extractFromUrl({ url: `${pageUrl}/image` });
    expect(image.error).toMatchObject({ kind: 'DATA_ERROR', status: 415 });
  });

  it('extracts the text of an uploaded document', async () => {
    const file = new File(['Notes from the first meeting.\nWe chose a name.'], 'notes.txt', {
      type: 'text/plain',
    });
    const { data, error } = await client.data.extractFromBlob(file);
    expect(error).toBeNull();
    expect(data!.text).toContain('Notes from the first meeting.');
  });

  it('scrapes links and named selectors', async () => {
    const { data, error } = await client.data.scrape({
      url: `${pageUrl}/club`,
      selectors: { lead: 'p.lead' },
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ url: `${pageUrl}/club`, title: 'Robot Club' });
    expect(data!.links).toContainEqual({ text: 'Join us', url: `${pageUrl}/join` });
    expect(data!.fields).toEqual({
      lead: ['We build line-following robots every Thursday in the engineering workshop.'],
    });
  });

  it('says search is not configured with 503 SEARCH_NOT_CONFIGURED', async () => {
    const { error } = await client.data.search({ query: 'robots' });
    expect(error).toMatchObject({ kind: 'DATA_ERROR', status: 503, code: 'SEARCH_NOT_CONFIGURED' });
  });
});
