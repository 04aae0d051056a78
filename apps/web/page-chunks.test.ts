// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { findLazyPages } from './page-chunks';
import { PAGE_NAMES } from './src/app/pages';

describe('page chunks: the page registry read at build time', () => {
  it('finds every page of the real registry that loads on demand, with its module', () => {
    const file = new URL('./src/app/page-switch.tsx', import.meta.url);
    const pages = findLazyPages(readFileSync(file, 'utf8'), file.pathname);
    // Landing ships with the first load (docs/architecture.md §6); every other page is listed.
    expect([...pages.keys()].sort()).toEqual(
      PAGE_NAMES.filter((name) => name !== 'landing').sort(),
    );
    expect(pages.get('auth')).toBe('../pages/auth/auth-page');
    expect(pages.get('reset-password')).toBe('../pages/reset-password/reset-password-page');
  });

  it('names a page by its key, quoted or not, whatever its module is called', () => {
    const code = `
      const PAGES = {
        home: Home,
        'my-reports': lazy(() => import('./somewhere/heavy')),
        inbox: () => import('./mail/list').then((m) => ({ default: m.List })),
      };`;
    expect([...findLazyPages(code, 'pages.tsx')]).toEqual([
      ['my-reports', './somewhere/heavy'],
      ['inbox', './mail/list'],
    ]);
  });

  it('ignores computed keys, imports of computed paths and entries that load two modules', () => {
    const code = `
      const PAGES = {
        [name]: () => import('./a'),
        b: () => import(path),
        c: () => Promise.all([import('./c1'), import('./c2')]),
      };`;
    expect(findLazyPages(code, 'pages.ts').size).toBe(0);
  });

  it('refuses a registry it cannot parse', () => {
    expect(() => findLazyPages('const PAGES = {', 'pages.ts')).toThrow(/pages\.ts/);
  });
});
