import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/postgres-cluster';
import { startSmtpSink } from '../helpers/smtp-sink';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const entry = path.join(root, 'apps/server/src/server.ts');

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(tsx, [entry], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitForOutput(running: Running, text: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!running.output().includes(text)) {
    if (Date.now() > deadline)
      throw new Error(`server never printed "${text}":\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'campuscollab-server-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('stops with one clear line when a setting is wrong', async () => {
    const running = startServer({ PORT: 'eighty', DATA_DIR: dataDir() });
    expect(await running.exited).toBe(1);
    expect(running.output().trim()).toBe(
      'Configuration error: PORT must be an integer from 0 to 65535 (got "eighty")',
    );
  });

  it('stops with one clear line when TRUST_PROXY names no proxy', async () => {
    const running = startServer({ TRUST_PROXY: '10.0.0.1,my-proxy', DATA_DIR: dataDir() });
    expect(await running.exited).toBe(1);
    expect(running.output().trim()).toBe(
      'Configuration error: TRUST_PROXY: "my-proxy" is not true, a hop count of 1 or more, or a proxy address or CIDR',
    );
  });

  it('prints its URL, keeps a generated secret in DATA_DIR, and finishes in-flight requests on SIGTERM', async () => {
    const sink = await startSmtpSink({ delayMs: 1500 });
    const port = await freePort();
    const dir = dataDir();
    const running = startServer({ PORT: String(port), DATA_DIR: dir, SMTP_URL: sink.url });
    try {
      await waitForOutput(running, 'CampusCollab is running at');
      expect(running.output()).toContain(`http://localhost:${port} (database: sqlite)`);
      expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);

      // The sign-up waits on the slow mail server while the server is told to stop.
      const inFlight = fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'late@mit.edu', password: 'long-enough-1' }),
      });
      // The sink records the email before holding its answer back, so once it has the email the
      // sign-up is provably in flight, waiting on the mail server, when the signal arrives.
      await sink.waitFor('late@mit.edu', undefined, 15_000);
      running.child.kill('SIGTERM');

      expect((await inFlight).status).toBe(201);
      expect(await running.exited).toBe(0);
      expect(running.output()).toContain('shutting down');
      expect(sink.emails.map((email) => email.to[0])).toEqual(['late@mit.edu']);
    } finally {
      running.child.kill('SIGKILL');
      await sink.close();
    }
  });
});
