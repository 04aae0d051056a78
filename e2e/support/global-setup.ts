import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeAiProvider } from '../../apps/server/test/helpers/fake-ai-provider';
import { freePort } from '../../apps/server/test/helpers/postgres-cluster';
import { answerFakeAi } from './fake-ai-answers';
import { startMailSink } from './mail-sink';
import { startPageServer } from './page-server';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Starts what a student's browser talks to: the real server (built web app, SQLite in a fresh
 * data folder) sending email to a real SMTP sink, its AI endpoints answered by a fake
 * OpenAI-compatible provider, and a local web page it may import (DATA_ALLOWED_HOSTS). Workers
 * find them through E2E_* variables.
 */
export default async function globalSetup() {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the web app first: npm run build -w @campuscollab/web');
  }
  const mail = await startMailSink();
  // Streams slowly enough that a student can press Cancel while the text is still coming.
  const ai = await startFakeAiProvider({ reply: answerFakeAi, chunkDelayMs: 150 });
  const pages = await startPageServer();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campuscollab-e2e-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(path.join(root, 'node_modules/.bin/tsx'), ['apps/server/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mail.smtpUrl,
      AI_BASE_URL: ai.baseUrl,
      DATA_ALLOWED_HOSTS: pages.host,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '10000',
      REFRESH_RATE_LIMIT_PER_MINUTE: '10000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in 30 s')), 30_000);
    server.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('CampusCollab is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_URL = mail.httpUrl;
  process.env.E2E_PAGE_URL = pages.url;

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await mail.close();
    await ai.close();
    await pages.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
