// `npm start`: builds what is missing or stale, then runs the bundled server in this process, so
// signals reach it directly and nothing but Node runs it (no tsx, Vite or esbuild when fresh).
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildIfStale } from './build.mjs';
import { ROOT } from './build-freshness.mjs';

if (!buildIfStale()) process.exit(1);

// Stack traces name src/ lines through dist/server.js.map; enabled before the bundle loads.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(ROOT, 'apps/server/dist/server.js')).href);
