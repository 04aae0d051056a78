import { execFileSync } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Not part of what a deploy ships, or rebuilt by npm: left out of the copy. */
const LEFT_OUT = new Set(['.git', '.tmp', 'data', 'coverage', 'test-results', 'playwright-report']);

/** Every node_modules folder of the repository: the root's and the workspaces'. */
function nodeModulesFolders(root: string): string[] {
  const folders = ['node_modules'];
  for (const parent of ['apps', 'packages']) {
    for (const workspace of readdirSync(path.join(root, parent))) {
      const folder = path.join(parent, workspace, 'node_modules');
      if (existsSync(path.join(root, folder))) folders.push(folder);
    }
  }
  return folders;
}

/**
 * The repository with its build, as `npm run build && npm prune --omit=dev` leaves it (and the
 * Dockerfile's build stage), in a folder of its own. Sources and the build are copied with their times (`npm start` compares
 * them); node_modules are hard links, so the copy is quick. Pruning only unlinks those, and the
 * files npm rewrites in place (package.json, the lock files) are real copies, so the repository's
 * own node_modules are never touched.
 */
export function makePrunedCopy(root: string): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'campuscollab-pruned-'));
  const linked = nodeModulesFolders(root);
  cpSync(root, copy, {
    recursive: true,
    preserveTimestamps: true,
    verbatimSymlinks: true,
    filter: (source) => {
      const relative = path.relative(root, source);
      return !LEFT_OUT.has(relative) && !linked.includes(relative);
    },
  });
  for (const folder of linked) {
    execFileSync('cp', ['-al', path.join(root, folder), path.join(copy, folder)]);
  }
  // Vitest's cache would be rewritten in place, and so would npm's hidden lock file: the link is
  // removed first (copying onto it would write through to the repository's file).
  rmSync(path.join(copy, 'node_modules/.vite'), { recursive: true, force: true });
  const hiddenLock = 'node_modules/.package-lock.json';
  rmSync(path.join(copy, hiddenLock), { force: true });
  copyFileSync(path.join(root, hiddenLock), path.join(copy, hiddenLock));
  execFileSync('npm', ['prune', '--omit=dev', '--offline', '--no-audit', '--no-fund'], {
    cwd: copy,
    stdio: 'pipe',
  });
  // As in the Docker image: the bundle holds the workspace packages, so nothing needs their links.
  rmSync(path.join(copy, 'node_modules/@campuscollab'), { recursive: true });
  return copy;
}
