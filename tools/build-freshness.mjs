// Which part of the production build is missing or older than its sources. `npm start` builds
// only those parts, so a fresh clone still starts with `npm install && npm start` while a
// built tree (a Docker image, `npm prune --omit=dev`) starts with no build tools at all.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(fileURLToPath(import.meta.url), '../..');

const SHARED = ['packages/shared/src', 'packages/shared/package.json'];

/** Each output, and what it is built from (folders are walked; tests do not count). */
export const TARGETS = {
  web: {
    output: 'apps/web/dist/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/page-chunks.ts',
      'apps/web/scripts/precompress.mjs',
      // Its dependencies' ranges. Not package-lock.json: `npm prune --omit=dev` rewrites it, and a
      // pruned tree with a fresh build must start without build tools. After an upgrade that
      // keeps the ranges, run `npm run build`.
      'apps/web/package.json',
      'packages/sdk/src',
      ...SHARED,
    ],
  },
  server: {
    output: 'apps/server/dist/server.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', ...SHARED],
  },
};

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/** The newest modification time under `file`, 0 when nothing is there. */
function newestMtime(file) {
  let stat;
  try {
    stat = statSync(file);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(file, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || isTest(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(file, entry.name)));
  }
  return newest;
}

/** The targets whose output is missing or older than one of its inputs. */
export function staleTargets(root = ROOT) {
  return Object.entries(TARGETS)
    .filter(([, { output, inputs }]) => {
      const outputFile = path.join(root, output);
      if (!existsSync(outputFile)) return true;
      const built = statSync(outputFile).mtimeMs;
      return inputs.some((input) => newestMtime(path.join(root, input)) > built);
    })
    .map(([name]) => name);
}
