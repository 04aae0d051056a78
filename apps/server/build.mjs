// Bundles the server into dist/server.js so production runs plain Node: no tsx, TypeScript or
// esbuild at run time. Our workspace packages (@campuscollab/*, TypeScript sources) are bundled;
// every other package stays an import of node_modules, installed with `npm ci --omit=dev`.
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(here, 'dist');

// Worker threads are started by file path next to the module that starts them (`new Worker` with
// import.meta.url); in the bundle that module is dist/server.js, so the workers go beside it. They
// import only node_modules packages, so they run as they are.
const WORKERS = [
  'src/db/dialects/sqlite-admin-worker.mjs',
  'src/db/dialects/sqlite-checkpoint-worker.mjs',
  'src/modules/data/document-worker.mjs',
];

/** Keeps every bare import but our own workspace packages out of the bundle. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@campuscollab/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** `pg`, `@aws-sdk/client-s3/foo` and `node:fs` name the packages `pg`, `@aws-sdk/client-s3`, `node:fs`. */
function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/**
 * A package the bundle imports but `npm ci --omit=dev` would not install is a crash in
 * production only; this turns it into a failed build.
 */
async function checkRuntimeImports(metafile) {
  const manifest = JSON.parse(await readFile(path.join(here, 'package.json'), 'utf8'));
  const runtime = new Set(Object.keys(manifest.dependencies ?? {}));
  const builtins = new Set(builtinModules);
  const missing = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external) continue;
      const name = packageName(imported.path);
      if (name.startsWith('node:') || builtins.has(name) || runtime.has(name)) continue;
      missing.add(name);
    }
  }
  if (missing.size > 0) {
    throw new Error(
      `The server imports ${[...missing].join(', ')}, not among the dependencies of apps/server/package.json`,
    );
  }
  return [...new Set(Object.values(metafile.outputs).flatMap((output) => output.imports))]
    .filter((imported) => imported.external)
    .map((imported) => packageName(imported.path));
}

export async function buildServer() {
  await rm(outdir, { recursive: true, force: true });
  const result = await esbuild.build({
    entryPoints: [path.join(here, 'src/server.ts')],
    outfile: path.join(outdir, 'server.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    // Stack traces only need the mapping back to src/ lines, not the sources in the map.
    sourcesContent: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  // The workers are not bundled, but what they import must be installed just the same.
  const workers = await esbuild.build({
    entryPoints: WORKERS.map((worker) => path.join(here, worker)),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  const imports = [
    ...(await checkRuntimeImports(result.metafile)),
    ...(await checkRuntimeImports(workers.metafile)),
  ];
  await mkdir(outdir, { recursive: true });
  for (const worker of WORKERS) {
    await copyFile(path.join(here, worker), path.join(outdir, path.basename(worker)));
  }
  // What the bundle imports from node_modules, for the production-build test and for review.
  await writeFile(
    path.join(outdir, 'runtime-imports.json'),
    `${JSON.stringify([...new Set(imports)].sort(), null, 2)}\n`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
