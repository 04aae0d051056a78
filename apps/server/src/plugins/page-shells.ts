/** One chunk of Vite's build manifest (`build.manifest: true`, written to dist/.vite). */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
  isDynamicEntry?: boolean;
}

export type ViteManifest = Record<string, ManifestChunk>;

/**
 * The web build's page list (apps/web/page-chunks.ts, written to dist/.vite/page-chunks.json):
 * each page that loads on demand, by its `?page=` name, with its key in the manifest. The web
 * app alone knows where its pages live; the server takes its word.
 */
export type PageChunks = Record<string, string>;

/** The files a chunk needs: its own, then those it imports statically, transitively. */
function chunkFiles(manifest: ViteManifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(manifest, imported, files);
  return files;
}

/**
 * index.html for each page the app loads on demand, with modulepreload links for the chunks
 * that page needs beyond the entry's. A visitor who opens `/?page=auth` then downloads the
 * sign-in form alongside the entry script, instead of only after the entry has run and asked
 * for it: one round trip and one download fewer before the form is on screen.
 *
 * The links ask for low priority, so on a slow line the page chunks take the bandwidth the
 * entry leaves. At full priority they slowed the entry and nothing painted before the form; at
 * low priority the header paints first and the form comes no later (decision 011).
 */
export function buildPageShells(
  indexHtml: string,
  manifest: ViteManifest,
  pages: PageChunks,
): Map<string, string> {
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) {
    if (chunk.isEntry) chunkFiles(manifest, key, entryFiles);
  }
  const shells = new Map<string, string>();
  if (!indexHtml.includes('</head>')) return shells;
  for (const [page, key] of Object.entries(pages)) {
    if (!manifest[key]?.isDynamicEntry) continue;
    const links = [...chunkFiles(manifest, key)]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`);
    shells.set(
      page,
      indexHtml.replace('</head>', () => `${links.join('')}</head>`),
    );
  }
  return shells;
}
