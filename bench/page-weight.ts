import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface PageWeight {
  page: string;
  jsBytes: number;
  cssBytes: number;
  /** How many files those bytes come in. */
  files: number;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
// A built chunk's static imports of its siblings: `from"./card-x.js"` or `import"./x.js"`.
const STATIC_IMPORT = /(?:from|import)\s*"\.\/([^"]+\.js)"/g;

export function buildWebApp(): void {
  execFileSync('npm', ['run', 'build', '-w', '@campuscollab/web'], { cwd: root, stdio: 'ignore' });
}

const gzipSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

/** The chunk and every chunk it imports statically, transitively (names under assets/). */
function importClosure(chunk: string, seen = new Set<string>()): Set<string> {
  if (seen.has(chunk)) return seen;
  seen.add(chunk);
  const code = readFileSync(path.join(dist, 'assets', chunk), 'utf8');
  for (const match of code.matchAll(STATIC_IMPORT)) importClosure(match[1]!, seen);
  return seen;
}

/**
 * Landing counts as check-bundle-size.mjs does (entry + modulepreloads) plus the stylesheet.
 * Other pages count what opening them downloads on top of landing: the lazy chunk and its
 * static imports that landing has not loaded. A part a page loads later by itself (auth's checks
 * on first focus, its profile step once signed in) gets a row of its own, `page › part`: what it
 * downloads on top of landing and its page.
 */
export function measurePageWeight(): PageWeight[] {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const linked = (pattern: RegExp) =>
    [...html.matchAll(pattern)].map((match) => path.basename(match[1]!));
  const scripts = [
    ...linked(/<script[^>]+src="([^"]+\.js)"/g),
    ...linked(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ];
  const styles = linked(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g);
  const landing = new Set<string>();
  for (const script of scripts) importClosure(script, landing);
  const sum = (files: Iterable<string>) =>
    [...files].reduce((total, file) => total + gzipSize(path.join('assets', file)), 0);

  const weights: PageWeight[] = [
    {
      page: 'landing',
      jsBytes: sum(landing),
      cssBytes: sum(styles),
      files: landing.size + styles.length,
    },
  ];
  // The build lists each lazily loaded page's manifest key (apps/web/page-chunks.ts).
  const readJson = <T>(file: string) =>
    JSON.parse(readFileSync(path.join(dist, '.vite', file), 'utf8')) as T;
  const manifest =
    readJson<Record<string, { file: string; dynamicImports?: string[] }>>('manifest.json');
  const pages = readJson<Record<string, string>>('page-chunks.json');
  const chunkOf = (key: string) => path.basename(manifest[key]!.file);
  for (const [page, key] of Object.entries(pages).sort(([a], [b]) => a.localeCompare(b))) {
    const opened = importClosure(chunkOf(key));
    const extra = [...opened].filter((file) => !landing.has(file));
    weights.push({ page, jsBytes: sum(extra), cssBytes: 0, files: extra.length });
    for (const partKey of manifest[key]!.dynamicImports ?? []) {
      const later = [...importClosure(chunkOf(partKey))].filter(
        (file) => !landing.has(file) && !opened.has(file),
      );
      const part = path.basename(partKey).replace(/\.[jt]sx?$/, '');
      weights.push({
        page: `${page} › ${part}`,
        jsBytes: sum(later),
        cssBytes: 0,
        files: later.length,
      });
    }
  }
  const assets = readdirSync(path.join(dist, 'assets'));
  // Tailwind builds one stylesheet; should a page ever get its own, it shows up here.
  const lazyCss = assets.filter((file) => file.endsWith('.css') && !styles.includes(file));
  if (lazyCss.length > 0) {
    weights.push({
      page: 'other stylesheets',
      jsBytes: 0,
      cssBytes: sum(lazyCss),
      files: lazyCss.length,
    });
  }
  return weights;
}
