import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { buildPageShells, type PageChunks, type ViteManifest } from './page-shells';

/** A JSON file the web build wrote under dist/.vite, or `{}` when it wrote none. */
function readBuildFile<T>(distDir: string, name: string): T | Record<string, never> {
  const file = path.join(distDir, '.vite', name);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as T) : {};
}

/**
 * Serves the built web app. The build writes brotli and gzip siblings of each asset, sent to
 * browsers that accept them. Hashed assets never change, so they are cached for a year;
 * index.html is always revalidated so a deploy is picked up on the next load.
 *
 * index.html is read once at start-up (a deploy restarts the server): `/?page=<name>` gets the
 * copy that preloads that page's chunks (page-shells.ts).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return false;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const shells = buildPageShells(
    indexHtml,
    readBuildFile<ViteManifest>(distDir, 'manifest.json'),
    // Written by apps/web/page-chunks.ts.
    readBuildFile<PageChunks>(distDir, 'page-chunks.json'),
  );

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    // `/` is answered below, with the shell of the page asked for.
    index: false,
    preCompressed: true,
    // Our own Cache-Control below; the plugin's default (max-age=0) would overwrite it.
    cacheControl: false,
    setHeaders(res, file) {
      const immutable = file.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.get<{ Querystring: { page?: unknown } }>('/', (request, reply) => {
    const { page } = request.query;
    const html = (typeof page === 'string' && shells.get(page)) || indexHtml;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
  return true;
}
