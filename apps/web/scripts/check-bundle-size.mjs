// Fails when the JavaScript the landing page loads first passes its budget (120 KB gzip): the
// entry script plus every module it preloads, as listed in the built index.html. Pages that
// load on demand are not counted; they are what keeps the first load small.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 120 * 1024;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => match[1]);

let total = 0;
for (const script of new Set(scripts)) {
  const size = gzipSync(readFileSync(path.join(dist, script))).length;
  total += size;
  console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB gzip  ${script}`);
}
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `Landing page JavaScript: ${(total / 1024).toFixed(1)} KB gzip, ${verdict} the ${BUDGET_BYTES / 1024} KB budget`,
);
if (total > BUDGET_BYTES) process.exit(1);
