import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_FLAGS, SYSTEM_CHROMIUM } from '../../../../tools/chromium';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

interface Operation {
  responses?: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  description?: string;
  tags?: string[];
}
interface JsonSchema {
  type?: string;
  properties?: Record<string, unknown>;
  required?: string[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers: { url: string }[];
  components: { securitySchemes: Record<string, { type: string; scheme: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const { version } = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

const jsonBody = (operation: Operation | undefined) =>
  operation?.requestBody?.content['application/json']?.schema;

describe.each(DIALECTS)('GET /api/openapi.json on %s', (kind) => {
  let server: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    server = await startTestApp(kind);
    const response = await request<OpenApiDocument>(server.baseUrl, 'GET', '/api/openapi.json');
    expect(response.status).toBe(200);
    document = response.body;
  });
  afterAll(() => server.close());

  it('is OpenAPI 3.1 about this server, with bearer authentication', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info).toMatchObject({ title: 'CampusCollab API', version });
    expect(document.servers).toEqual([{ url: server.baseUrl }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
  });

  it('gives every operation its responses, and paths in OpenAPI’s {name} form', () => {
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThan(20);
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      expect(path).not.toContain(':');
      const operations = Object.entries(item).filter(([method]) => METHODS.has(method));
      expect(operations.length, path).toBeGreaterThan(0);
      for (const [method, operation] of operations) {
        expect(Object.keys(operation.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(
          0,
        );
      }
    }
  });

  it('describes the data and AI request bodies field by field, from their zod schemas', () => {
    const fetch = jsonBody(document.paths['/api/data/{project}/fetch']?.post);
    expect(Object.keys(fetch?.properties ?? {})).toEqual(
      expect.arrayContaining(['url', 'method', 'headers', 'body']),
    );
    expect(fetch?.required).toEqual(['url']);
    const scrape = jsonBody(document.paths['/api/data/{project}/scrape']?.post);
    expect(Object.keys(scrape?.properties ?? {})).toEqual(
      expect.arrayContaining(['url', 'selectors']),
    );
    const text = jsonBody(document.paths['/api/ai/{project}/text']?.post);
    expect(Object.keys(text?.properties ?? {})).toEqual(
      expect.arrayContaining(['prompt', 'messages']),
    );
    const image = jsonBody(document.paths['/api/ai/{project}/image']?.post);
    expect(image?.properties).toHaveProperty('prompt');
    const signup = jsonBody(document.paths['/api/auth/signup']?.post);
    expect(signup?.required).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('says in words what the routes without a zod body take', () => {
    const table = document.paths['/api/db/{project}/rest/v1/{table}']!;
    for (const method of ['get', 'post', 'patch', 'delete']) {
      expect(table[method]?.description, method).toMatch(/PostgREST/);
    }
    expect(document.paths['/api/storage/{project}/upload']?.post?.description).toMatch(/multipart/);
    expect(document.paths['/api/data/{project}/extract-from-blob']?.post?.description).toMatch(
      /multipart/,
    );
    expect(document.paths['/api/data/{project}/fetch']?.post?.tags).toEqual(['data']);
  });

  it('leaves out what is not the API: pages, the dev outbox, metrics and the docs', () => {
    const paths = Object.keys(document.paths);
    for (const internal of ['/dev/outbox', '/metrics', '/auth', '/', '/api/openapi.json']) {
      expect(paths).not.toContain(internal);
    }
    expect(paths.filter((path) => path.startsWith('/api/docs'))).toEqual([]);
  });
});

describe('the API docs page', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite');
  });
  afterAll(() => server.close());

  it('serves HTML whose scripts and styles all load, under a policy of its own', async () => {
    const page = await request(server.baseUrl, 'GET', '/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const policy = page.headers.get('content-security-policy')!;
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("frame-ancestors 'none'");
    const html = page.body as unknown as string;
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      const response = await fetch(new URL(asset, `${server.baseUrl}/api/docs`));
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('content-type'), asset).toMatch(/javascript|css|image/);
      // Read to the end: an unread body keeps its connection busy, and the server's close waits.
      expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
    }
    // The rest of the API keeps its policy that allows nothing.
    const health = await request(server.baseUrl, 'GET', '/api/health');
    expect(health.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('renders the API in a browser without breaking its policy', async () => {
    const browser = await chromium.launch({
      executablePath: SYSTEM_CHROMIUM,
      args: CHROMIUM_FLAGS,
    });
    try {
      const page = await browser.newPage();
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(`${server.baseUrl}/api/docs`);
      await page
        .locator('.swagger-ui .info .title')
        .filter({ hasText: 'CampusCollab API' })
        .waitFor();
      await page
        .locator('.opblock-summary-path', { hasText: '/api/data/{project}/fetch' })
        .waitFor();
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
