/**
 * `npm run bench [-- --quick | --sizes 1000,100000] [--databases sqlite,postgresql]
 * [--duration 10] [--skip-web] [--instances 2] [--out bench/results.md]`: the load benchmark of
 * the hot paths against a bare baseline on each database, plus page weight and Lighthouse.
 * Results go to stdout, the --out file and a JSON twin the next run compares with.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { benchSize } from './bench-size';
import type { LighthouseScore } from './lighthouse';
import { DEFAULT_LOAD, type LoadOptions } from './load';
import { buildWebApp, measurePageWeight, type PageWeight } from './page-weight';
import { openPostgresServer } from './postgres-server';
import {
  describeMachine,
  machineSpeed,
  renderReport,
  type PathResult,
  type Previous,
  type SeedResult,
} from './report';
import { DEFAULT_REALTIME_OPTIONS, runRealtimeBench, type RealtimeRow } from './realtime/bench';
import { SCENARIOS } from './scenarios';
import { cleanUpOnInterrupt } from './leftovers';
import { measureStartup, type StartupResult } from './startup';
import { TARGETS, type DatabaseName } from './targets';

const log = (line: string) => console.log(`[bench] ${line}`);

const DATABASES: Record<string, DatabaseName> = { sqlite: 'SQLite', postgresql: 'PostgreSQL' };

function parseOptions() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,100000' },
      quick: { type: 'boolean', default: false },
      databases: { type: 'string', default: 'sqlite,postgresql' },
      duration: { type: 'string', default: String(DEFAULT_LOAD.duration) },
      warmup: { type: 'string', default: String(DEFAULT_LOAD.warmup) },
      connections: { type: 'string', default: String(DEFAULT_LOAD.connections) },
      only: { type: 'string' },
      'skip-web': { type: 'boolean', default: false },
      instances: { type: 'string', default: '1' },
      out: { type: 'string', default: 'bench/results.md' },
      'skip-realtime': { type: 'boolean', default: false },
      'skip-startup': { type: 'boolean', default: false },
    },
  });
  const sizes = (values.quick ? '1000' : values.sizes).split(',').map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size < 2)) {
    throw new Error(`--sizes takes whole numbers of at least 2, e.g. 1000,100000`);
  }
  const databases = values.databases.split(',').map((name) => {
    const database = DATABASES[name.trim().toLowerCase()];
    if (!database) throw new Error(`--databases takes sqlite, postgresql or both (got "${name}")`);
    return database;
  });
  // Instances of one deployment share their state through PostgreSQL (architecture §2.5); on
  // SQLite the server is one process by design, so the spread runs on PostgreSQL only.
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1) {
    throw new Error('--instances takes a whole number of at least 1');
  }
  if (instances > 1 && !databases.includes('PostgreSQL')) {
    throw new Error('--instances above 1 needs PostgreSQL: instances share one database');
  }
  const load: LoadOptions = {
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
  };
  // --only "explore,send" runs the scenarios whose name contains one of the texts (while developing).
  const only = values.only?.split(',').filter(Boolean) ?? [];
  const scenarios = SCENARIOS.filter(
    (s) => only.length === 0 || only.some((text) => s.name.includes(text)),
  );
  const out = path.resolve(values.out);
  return {
    sizes,
    databases,
    load,
    scenarios,
    web: !values['skip-web'],
    realtime: !values['skip-realtime'],
    startup: !values['skip-startup'],
    instances,
    out,
  };
}

type Options = ReturnType<typeof parseOptions>;

/** The JSON twin of a results file: the figures the next run prints beside its own. */
const twinOf = (out: string) => out.replace(/\.md$/, '') + '.json';

function readPrevious(out: string): Previous | null {
  const file = twinOf(out);
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Previous;
  } catch {
    return null;
  }
}

async function benchDatabase(
  database: DatabaseName,
  options: Options,
  lighthouse: boolean,
  postgresUrl: string | undefined,
  previous: Previous | null,
) {
  const results: PathResult[] = [];
  const seeds: SeedResult[] = [];
  let scores: LighthouseScore[] = [];
  const smallest = new Map<string, number>();
  for (const [index, size] of options.sizes.entries()) {
    const measured = await benchSize(size, {
      database,
      postgresUrl,
      targets: TARGETS[database],
      scenarios: options.scenarios,
      load: options.load,
      instances: database === 'PostgreSQL' ? options.instances : 1,
      // Once, on the first size: the landing and auth pages read no table rows.
      lighthouse: lighthouse && index === 0,
      smallest,
      log,
      // A slow day shows here, a few minutes in, rather than in the report an hour later.
      measured: (row) => {
        const speed = row.kind === 'reference' ? machineSpeed(row, previous) : null;
        if (speed) log(`  machine speed: ${speed}`);
      },
    });
    if (index === 0) {
      for (const row of measured.results) smallest.set(row.name, row.app.requestsPerSecond);
    }
    results.push(...measured.results);
    seeds.push(measured.seed);
    if (measured.scores.length > 0) scores = measured.scores;
  }
  return { results, seeds, scores };
}

/**
 * Sockets on one instance over SQLite, then the same fan-out over two instances sharing
 * PostgreSQL (their cluster bus, docs/architecture.md §2.5) when PostgreSQL is measured.
 */
async function benchRealtime(postgresUrl: string | undefined): Promise<RealtimeRow[]> {
  const rows = await runRealtimeBench({ ...DEFAULT_REALTIME_OPTIONS, log });
  if (postgresUrl) {
    rows.push(
      ...(await runRealtimeBench({
        ...DEFAULT_REALTIME_OPTIONS,
        databaseUrl: postgresUrl,
        instances: 2,
        log,
      })),
    );
  }
  return rows;
}

async function main() {
  const options = parseOptions();
  cleanUpOnInterrupt();
  const previous = readPrevious(options.out);
  let weights: PageWeight[] = [];
  if (options.web) {
    log('building the web app');
    buildWebApp();
    weights = measurePageWeight();
  }
  const results: PathResult[] = [];
  const seeds: SeedResult[] = [];
  let scores: LighthouseScore[] = [];
  let realtime: RealtimeRow[] = [];
  let startup: StartupResult | null = null;
  const postgres = options.databases.includes('PostgreSQL') ? await openPostgresServer() : null;
  if (postgres) log(`PostgreSQL: ${postgres.origin}`);
  try {
    for (const [index, database] of options.databases.entries()) {
      const postgresUrl = database === 'PostgreSQL' ? postgres?.url : undefined;
      const measured = await benchDatabase(
        database,
        options,
        options.web && index === 0,
        postgresUrl,
        previous,
      );
      results.push(...measured.results);
      seeds.push(...measured.seeds);
      if (measured.scores.length > 0) scores = measured.scores;
    }
    if (options.realtime) realtime = await benchRealtime(postgres?.url);
  } finally {
    postgres?.stop();
  }
  if (options.startup) {
    log('startup: npm start to healthy, and idle memory');
    startup = await measureStartup();
  }
  const input = {
    date: new Date().toISOString(),
    results,
    seeds,
    sizes: options.sizes,
    load: options.load,
    weights,
    scores,
    realtime,
    startup,
    instances: options.instances,
    machine: describeMachine(),
  };
  const report = renderReport({ ...input, previous });
  console.log(`\n${report}`);
  writeFileSync(options.out, report);
  writeFileSync(twinOf(options.out), `${JSON.stringify(input, null, 1)}\n`);
  log(`written to ${path.relative(process.cwd(), options.out)} and its .json twin`);
}

await main();
