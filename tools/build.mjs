// `npm run build`: the web app (Vite) and the server bundle (apps/server/build.mjs).
// With --if-stale, only what is missing or older than its sources (tools/build-freshness.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, TARGETS, staleTargets } from './build-freshness.mjs';

const COMMANDS = {
  web: ['npm', ['run', 'build', '-w', '@campuscollab/web']],
  server: ['node', ['apps/server/build.mjs']],
};
// What each build needs; absent after `npm prune --omit=dev` and in the Docker image.
const TOOLS = { web: 'node_modules/vite', server: 'node_modules/esbuild' };

/** Builds the targets in order; false (after saying why) when one cannot be built. */
export function build(targets, root = ROOT, why = '') {
  for (const target of targets) {
    if (!existsSync(path.join(root, TOOLS[target]))) {
      console.error(
        `The ${target} build is missing or older than its sources, and its build tools are not installed: run npm install, then npm run build.`,
      );
      return false;
    }
    if (why) console.log(`Building the ${target}: ${why}`);
    const [command, args] = COMMANDS[target];
    const done = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
    if (done.status !== 0) return false;
  }
  return true;
}

/** Builds what is stale, saying so; false when that failed. */
export function buildIfStale(root = ROOT) {
  return build(staleTargets(root), root, 'missing or older than its sources');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const ok = process.argv.includes('--if-stale') ? buildIfStale() : build(Object.keys(TARGETS));
  process.exit(ok ? 0 : 1);
}
