import { describe, expect, it } from 'vitest';
import { buildPageShells, type PageChunks, type ViteManifest } from './page-shells';

const INDEX =
  '<html><head><script type="module" crossorigin src="/assets/index-e1.js"></script></head><body></body></html>';

const MANIFEST: ViteManifest = {
  'index.html': { file: 'assets/index-e1.js', isEntry: true, imports: ['_jsx.js'] },
  '_jsx.js': { file: 'assets/jsx-r1.js' },
  '_fields.js': { file: 'assets/fields-f1.js', imports: ['_jsx.js'] },
  '_card.js': { file: 'assets/card-c1.js', imports: ['_fields.js'] },
  'src/pages/auth/auth-page.tsx': {
    file: 'assets/auth-page-a1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_card.js', '_jsx.js'],
  },
  'src/pages/settings/settings-page.tsx': {
    file: 'assets/settings-page-s1.js',
    isDynamicEntry: true,
    imports: ['_fields.js'],
  },
  // Not pages: a dynamic chunk the page list does not name, and a page that ships with the entry.
  'src/lib/heavy.ts': { file: 'assets/heavy-h1.js', isDynamicEntry: true },
  'src/pages/landing/landing-page.tsx': { file: 'assets/landing-l1.js' },
};

// What the web build writes to dist/.vite/page-chunks.json: page name -> manifest key.
const PAGES: PageChunks = {
  auth: 'src/pages/auth/auth-page.tsx',
  settings: 'src/pages/settings/settings-page.tsx',
};

const preloads = (html: string | undefined) =>
  [
    ...(html ?? '').matchAll(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g,
    ),
  ].map((match) => match[1]);

describe('page shells', () => {
  const shells = buildPageShells(INDEX, MANIFEST, PAGES);

  it('preloads a page chunk and its imports, leaving out what the entry already loads', () => {
    expect(preloads(shells.get('auth'))).toEqual([
      '/assets/auth-page-a1.js',
      '/assets/card-c1.js',
      '/assets/fields-f1.js',
    ]);
    expect(preloads(shells.get('settings'))).toEqual([
      '/assets/settings-page-s1.js',
      '/assets/fields-f1.js',
    ]);
  });

  it('puts the links in the head and keeps the rest of index.html', () => {
    const html = shells.get('auth')!;
    expect(html.indexOf('modulepreload')).toBeLessThan(html.indexOf('</head>'));
    expect(html.replace(/<link rel="modulepreload"[^>]+>/g, '')).toBe(INDEX);
  });

  it('makes shells only for the pages the list names', () => {
    expect([...shells.keys()].sort()).toEqual(['auth', 'settings']);
  });

  it('takes page names and modules from the list, not from file names', () => {
    const renamed = buildPageShells(INDEX, MANIFEST, { reports: 'src/lib/heavy.ts' });
    expect(preloads(renamed.get('reports'))).toEqual(['/assets/heavy-h1.js']);
  });

  it('skips a listed page whose chunk is missing or ships with the entry', () => {
    const listed = buildPageShells(INDEX, MANIFEST, {
      ...PAGES,
      landing: 'src/pages/landing/landing-page.tsx',
      gone: 'src/pages/gone/gone-page.tsx',
    });
    expect([...listed.keys()].sort()).toEqual(['auth', 'settings']);
  });

  it('makes none without a manifest, a page list or a head to put links in', () => {
    expect(buildPageShells(INDEX, {}, PAGES).size).toBe(0);
    expect(buildPageShells(INDEX, MANIFEST, {}).size).toBe(0);
    expect(buildPageShells('<body></body>', MANIFEST, PAGES).size).toBe(0);
  });
});
