import { describe, expect, it } from 'vitest';
import { buildPageShells, type ViteManifest } from './page-shells';

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
  // Not a page: a dynamic chunk elsewhere, and a page-named file that is not loaded lazily.
  'src/lib/heavy.ts': { file: 'assets/heavy-h1.js', isDynamicEntry: true },
  'src/pages/landing/landing-page.tsx': { file: 'assets/landing-l1.js' },
};

const preloads = (html: string | undefined) =>
  [
    ...(html ?? '').matchAll(
      /<link rel="modulepreload" crossorigin fetchpriority="low" href="([^"]+)">/g,
    ),
  ].map((match) => match[1]);

describe('page shells', () => {
  const shells = buildPageShells(INDEX, MANIFEST);

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

  it('makes shells only for lazily loaded pages', () => {
    expect([...shells.keys()].sort()).toEqual(['auth', 'settings']);
  });

  it('makes none without a manifest or a head to put links in', () => {
    expect(buildPageShells(INDEX, {}).size).toBe(0);
    expect(buildPageShells('<body></body>', MANIFEST).size).toBe(0);
  });
});
