import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const IMPORT = /^(import|export)( type)?\b[^;]*?from '([^']+)'/gm;

function resolveModule(from: string, target: string): string {
  const base = path.resolve(path.dirname(from), target);
  return existsSync(`${base}.ts`) ? `${base}.ts` : path.join(base, 'index.ts');
}

/** The packages a module loads, following its relative imports; type-only imports load none. */
function loadedPackages(entry: string): string[] {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, , typeOnly, target] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      if (typeOnly || !target) continue;
      if (target.startsWith('.')) visit(resolveModule(file, target));
      else packages.add(target);
    }
  };
  visit(entry);
  return [...packages];
}

describe('the core entry', () => {
  // The SDK imports only this entry, so the landing page's first load carries no schemas
  // (docs/architecture.md §1). The table definitions live here; their zod rules must not.
  it('loads no package, zod included', () => {
    expect(loadedPackages(path.join(import.meta.dirname, 'core.ts'))).toEqual([]);
  });

  it('is told apart from the full entry, which does load zod', () => {
    expect(loadedPackages(path.join(import.meta.dirname, 'index.ts'))).toContain('zod');
  });
});
