import pino from 'pino';
import { buildApp } from './src/app';
import { loadConfig } from './src/config';
import { openSqlite } from './src/db/dialects/sqlite';
import { migrateToLatest } from './src/db/migrate';
import { rmSync } from 'node:fs';
rmSync('/tmp/h20', { recursive: true, force: true });
const { mkdirSync } = await import('node:fs'); mkdirSync('/tmp/h20');
const db = openSqlite('/tmp/h20/x.sqlite');
await migrateToLatest(db.db);
const config = loadConfig({ DATA_DIR: '/tmp/h20/data', JWT_SECRET: 'x'.repeat(40) });
const app = await buildApp({ config, database: db, jwtSecret: 'x'.repeat(40), logger: pino({ level: 'warn' }), webDistDir: '/nonexistent' });
for (const url of ['/api/health/ready', '/api/db/campus/rest/v1/projects?id=eq.5', '/nope/123', '/metrics']) {
  const r = await app.inject({ url, remoteAddress: '127.0.0.1' });
  console.log(url, r.statusCode, r.headers['content-type'], r.body.slice(0, 300));
}
const r = await app.inject({ url: '/metrics' });
console.log(r.body.split('\n').filter(l => /http_requests_total|campuscollab/.test(l)).join('\n'));
const doc = (await app.inject({ url: '/api/openapi.json' })).json();
console.log(doc.openapi, Object.keys(doc.paths));
console.log(JSON.stringify(doc.paths['/api/data/{project}/fetch'], null, 1).slice(0, 1500));
console.log(JSON.stringify(doc.paths['/api/db/{project}/rest/v1/{table}'], null, 1).slice(0, 800));
const d = await app.inject({ url: '/api/docs' });
console.log(d.statusCode, d.headers, d.body.slice(0, 400));
await app.close();
