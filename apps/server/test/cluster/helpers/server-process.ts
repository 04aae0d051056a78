import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../helpers/postgres-cluster';

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../../..');
const entry = path.join(root, 'apps/server/src/server.ts');

export interface ServerProcess {
  /** http://127.0.0.1:PORT, the process listening. */
  baseUrl: string;
  /** SIGKILL: the instance stops with none of its cleanup, as a crashed machine does. */
  kill(): Promise<void>;
}

/**
 * An instance in a process of its own (`npm start`'s entry, NODE_ENV=test), so a test can kill
 * it without any cleanup. Its environment is only `env` and what a deployment always sets; its
 * PUBLIC_URL is its own address unless `env` names another.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'campuscollab-instance-'));
  // Node itself with tsx's loader, not the tsx wrapper: SIGKILL must reach the server, and a
  // wrapper's child would outlive it.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += String(chunk);
      if (output.includes('CampusCollab is running')) resolve();
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    void exited.then(() => reject(new Error(`server process exited:\n${output}`)));
  });
  return {
    baseUrl,
    async kill() {
      child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
