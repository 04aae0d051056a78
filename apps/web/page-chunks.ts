import path from 'node:path';
import { normalizePath, parseSync, type Plugin } from 'vite';

/**
 * Where the build writes the page list, beside Vite's own `.vite/manifest.json`. The server
 * reads both to answer `/?page=<name>` with that page's chunks preloaded (docs/architecture.md
 * §2.7, apps/server/src/plugins/page-shells.ts): `{ "<page name>": "<manifest key>" }`.
 */
export const PAGE_CHUNKS_FILE = '.vite/page-chunks.json';

interface AstNode {
  type: string;
  [field: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** The node and every node below it. */
function* walk(value: unknown): Generator<AstNode> {
  if (Array.isArray(value)) {
    for (const item of value) yield* walk(item);
  } else if (isNode(value)) {
    yield value;
    for (const [field, child] of Object.entries(value)) if (field !== 'type') yield* walk(child);
  }
}

function propertyName(property: AstNode): string | null {
  const key = property.key as AstNode;
  if (property.computed) return null;
  if (key.type === 'Identifier') return key.name as string;
  return key.type === 'Literal' && typeof key.value === 'string' ? key.value : null;
}

/**
 * The modules a page registry loads on demand, by page name: each property whose value makes
 * exactly one `import('<literal path>')`, as in `auth: page(() => import('../pages/auth/auth-page'),
 * 'AuthPage')`. A page that ships with the first load (landing) imports nothing there.
 */
export function findLazyPages(code: string, filename: string): Map<string, string> {
  const { program, errors } = parseSync(filename, code);
  if (errors.length > 0) throw new Error(`${filename}: ${errors[0]!.message}`);
  const pages = new Map<string, string>();
  for (const node of walk(program)) {
    if (node.type !== 'Property') continue;
    const name = propertyName(node);
    const sources = [...walk(node.value)]
      .filter((inner) => inner.type === 'ImportExpression')
      .map((inner) => inner.source as AstNode);
    const source = sources.length === 1 ? sources[0]! : null;
    if (name && source?.type === 'Literal' && typeof source.value === 'string') {
      pages.set(name, source.value);
    }
  }
  return pages;
}

/**
 * Writes PAGE_CHUNKS_FILE from the app's page registry, so the server learns which chunk is which
 * page from the build instead of guessing it from file names. A page that did not get a chunk of
 * its own (imported statically somewhere too) is left out with a warning: it still works, only
 * without its preloads.
 */
export function pageChunks(options: { registry: string }): Plugin {
  let root = '';
  let registryId = '';
  // Page name -> the resolved id of the module it loads.
  const pages = new Map<string, string>();

  return {
    name: 'campuscollab:page-chunks',
    apply: 'build',
    // Before other plugins, so the registry is read as written.
    enforce: 'pre',
    configResolved(config) {
      root = config.root;
      registryId = normalizePath(path.resolve(root, options.registry));
    },
    async transform(code, id) {
      if (normalizePath(id) !== registryId) return null;
      for (const [page, specifier] of findLazyPages(code, id)) {
        const resolved = await this.resolve(specifier, id);
        if (!resolved) this.error(`${options.registry}: cannot resolve ${specifier} (${page})`);
        pages.set(page, normalizePath(resolved.id));
      }
      return null;
    },
    generateBundle(_output, bundle) {
      if (pages.size === 0) this.error(`${options.registry} lists no page that loads on demand`);
      const lazyModules = new Set<string>();
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isDynamicEntry && chunk.facadeModuleId) {
          lazyModules.add(normalizePath(chunk.facadeModuleId));
        }
      }
      const keys: Record<string, string> = {};
      for (const [page, moduleId] of pages) {
        if (lazyModules.has(moduleId)) {
          // Vite keys its manifest by the module's path from the project root.
          keys[page] = normalizePath(path.relative(root, moduleId));
        } else {
          this.warn(`page ${page} has no chunk of its own; its link gets no preloads`);
        }
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_CHUNKS_FILE,
        source: `${JSON.stringify(keys, null, 2)}\n`,
      });
    },
  };
}
