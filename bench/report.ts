import os from 'node:os';
import { renderLighthouseTable, type LighthouseScore } from './lighthouse';
import type { LoadOptions, LoadResult } from './load';
import type { PageWeight } from './page-weight';
import type { RealtimeRow } from './realtime/bench';
import { renderRealtime } from './realtime/report';
import { renderStartup, type StartupResult } from './startup';
import {
  checksFor,
  describeMiss,
  growthOf,
  isMet,
  ratioOf,
  TARGETS,
  type DatabaseName,
  type PathKind,
} from './targets';

export interface PathResult {
  database: DatabaseName;
  name: string;
  kind: PathKind;
  size: number;
  app: LoadResult;
  /** The bare node:http + prepared statement server on the same query; null without one. */
  baseline: LoadResult | null;
  /** How many measurements the figures are the median of (bench/repeat.ts). */
  runs: number;
  /** How the app's answer differed from the baseline's (rows, columns, count), or null. */
  mismatch: string | null;
  /** The app's answer in a few words ("12 rows"), so growth is read between answers alike. */
  answer: string | null;
  /** The same load spread over every instance (`--instances`), or null with one instance. */
  spread?: LoadResult | null;
}

export interface SeedResult {
  database: DatabaseName;
  size: number;
  seconds: number;
  bytes: number;
}

/** What a run measured, as its JSON twin keeps it for the next run to compare with. */
export interface Measurements {
  date: string;
  results: PathResult[];
  seeds: SeedResult[];
  sizes: number[];
  load: LoadOptions;
  weights: PageWeight[];
  scores: LighthouseScore[];
  realtime: RealtimeRow[];
  startup: StartupResult | null;
  /** How many instances `--instances` started on the one database; 1 unless given. */
  instances?: number;
  /** The header's machine line (CPUs, kernel, Node); twins written before it lack it. */
  machine?: string;
}

export type Previous = Pick<Measurements, 'date' | 'results' | 'machine'>;

export interface ReportInput extends Measurements {
  previous: Previous | null;
}

const LANDING_JS_BUDGET_KB = 120;

const rps = (value: number) => Math.round(value).toLocaleString('en');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024).toLocaleString('en');

/** The rows a page held ("12 rows", "20 of 25"), or null for a count or a single object. */
function rowsOf(answer: string | null): number | null {
  const match = /^(\d+) (?:rows|of \S+)$/.exec(answer ?? '');
  return match ? Number(match[1]) : null;
}

/**
 * Growth as "1.21x", naming both pages when they held different numbers of rows: such a growth
 * also counts the longer answer, not only the larger tables, and must not be read as if alike.
 */
function renderGrowth(growth: number | null, row: PathResult, smallest: PathResult | undefined) {
  if (growth === null) return '—';
  const [from, to] = [rowsOf(smallest?.answer ?? null), rowsOf(row.answer)];
  const unlike = from !== null && to !== null && from !== to ? ` (${from} → ${to} rows)` : '';
  return `${growth.toFixed(2)}x${unlike}`;
}

function renderRow(
  row: PathResult,
  smallest: PathResult | undefined,
  before: PathResult | undefined,
): string {
  const { app, baseline } = row;
  const figures = {
    kind: row.kind,
    app,
    baseline,
    smallestRps: smallest && smallest !== row ? smallest.app.requestsPerSecond : null,
  };
  const ratio = ratioOf(figures);
  const growth = growthOf(figures);
  const misses: string[] = [];
  if (app.flag) misses.push(`**errors: ${app.flag}**`);
  if (baseline?.flag) misses.push(`baseline errors: ${baseline.flag}`);
  if (row.mismatch) misses.push(`**answers differ: ${row.mismatch}**`);
  misses.push(
    ...checksFor(figures, TARGETS[row.database])
      .filter((check) => !isMet(check))
      .map(describeMiss),
  );
  if (row.kind === 'reference' && misses.length === 0) misses.push('reference, no target');
  // A path that failed is not fast: its speed is struck through so nobody quotes it.
  const speed = app.flag ? `~~${rps(app.requestsPerSecond)}~~` : rps(app.requestsPerSecond);
  const median = row.runs > 1 ? ` (median of ${row.runs})` : '';
  const previous = before ? `${rps(before.app.requestsPerSecond)} / ${before.app.p99}` : '—';
  return `| ${row.name} | ${row.size.toLocaleString('en')} | ${row.answer ?? '—'} | ${speed}${median} | ${app.p50} | ${app.p99} | ${previous} | ${
    baseline ? rps(baseline.requestsPerSecond) : '—'
  } | ${ratio === null ? '—' : ratio.toFixed(2)} | ${renderGrowth(growth, row, smallest)} | ${
    misses.join('; ') || 'ok'
  } |`;
}

function renderTargets(database: DatabaseName): string {
  const t = TARGETS[database];
  const session = t.sessionRps ? `, \`/me\` ≥ ${t.sessionRps.toLocaleString('en')} req/s` : '';
  return (
    `Targets on ${database}: reads ≥ ${t.ratio} of the baseline with p99 < ${t.readP99Ms} ms${session}; ` +
    `refresh ≥ ${t.refreshRps.toLocaleString('en')} req/s; writes ≥ ${t.writeRps.toLocaleString('en')} req/s ` +
    `with p99 < ${t.writeP99Ms} ms; growth ≤ ${t.growth}x.`
  );
}

function renderLoadTable(input: ReportInput, database: DatabaseName): string[] {
  const rows = input.results.filter((row) => row.database === database);
  if (rows.length === 0) return [];
  const smallestSize = Math.min(...rows.map((row) => row.size));
  const lines = [
    `## Hot paths on ${database}`,
    '',
    renderTargets(database),
    '',
    '| Path | Rows | Answer | req/s | p50 ms | p99 ms | Before req/s / p99 | Baseline req/s | Ratio | Growth | Targets missed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const smallest = rows.find((r) => r.name === row.name && r.size === smallestSize);
    const before = input.previous?.results.find(
      (r) => r.database === row.database && r.name === row.name && r.size === row.size,
    );
    lines.push(renderRow(row, smallest, before));
  }
  lines.push('');
  return lines;
}

function renderSeeds(input: ReportInput): string[] {
  if (input.seeds.length === 0) return [];
  const lines = [
    '## Seeded databases',
    '',
    '| Database | Users and projects | Messages | Seed s | Size on disk MB |',
    '| --- | ---: | ---: | ---: | ---: |',
  ];
  for (const seed of input.seeds) {
    lines.push(
      `| ${seed.database} | ${seed.size.toLocaleString('en')} | ${(seed.size * 10).toLocaleString('en')} | ${seed.seconds.toFixed(0)} | ${mb(seed.bytes)} |`,
    );
  }
  lines.push(
    '',
    'Seed time covers generating and inserting every row, the tag triggers and, on PostgreSQL,',
    '`analyze` of the seeded tables; PostgreSQL then gets a `vacuum analyze` of the whole',
    "database, not counted, as autovacuum would give a deployed one. The size is SQLite's file",
    'after a checkpoint, or `pg_database_size`.',
    '',
  );
  return lines;
}

/** One instance beside several on the same database: each path's speed both ways. */
function renderInstances(input: ReportInput): string[] {
  const count = input.instances ?? 1;
  const rows = input.results.filter((row) => row.spread);
  if (count < 2 || rows.length === 0) return [];
  const speed = (result: LoadResult) =>
    result.flag ? `~~${rps(result.requestsPerSecond)}~~` : rps(result.requestsPerSecond);
  const lines = [
    `## One instance and ${count} on one database`,
    '',
    `| Path | Rows | 1 instance req/s | p99 ms | ${count} instances req/s | p99 ms | Gain | Flags |`,
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of rows) {
    const spread = row.spread!;
    const gain =
      row.app.requestsPerSecond > 0 ? spread.requestsPerSecond / row.app.requestsPerSecond : null;
    const flags = [row.app.flag, spread.flag && `${count} instances: ${spread.flag}`]
      .filter(Boolean)
      .join('; ');
    lines.push(
      `| ${row.name} | ${row.size.toLocaleString('en')} | ${speed(row.app)} | ${row.app.p99} | ${speed(spread)} | ${spread.p99} | ${
        gain === null ? '—' : `${gain.toFixed(2)}x`
      } | ${flags || 'ok'} |`,
    );
  }
  lines.push(
    '',
    `The same requests, ${input.load.connections} connections dealt out evenly over ${count} server`,
    'instances (one autocannon run per instance, at once), each instance on a thread of its own',
    'and all on the one PostgreSQL database, sharing realtime, presence, sign-ins and rate limits',
    "through it. req/s is the runs' sum; p99 the worst run's. Gain = req/s on all instances ÷ req/s",
    "on one. Every instance, the load generator and PostgreSQL share the machine's cores: on a",
    'machine with fewer cores than instances, more instances add no CPU and the gain shows their',
    'overhead, not what separate machines would give.',
    '',
  );
  return lines;
}

function renderWeb(input: ReportInput): string[] {
  if (input.weights.length === 0 && input.scores.length === 0) return [];
  const lines = ['## Page weight (gzip)', ''];
  lines.push('| Page | JS KB | CSS KB | Files |', '| --- | ---: | ---: | ---: |');
  for (const page of input.weights) {
    lines.push(`| ${page.page} | ${kb(page.jsBytes)} | ${kb(page.cssBytes)} | ${page.files} |`);
  }
  const landing = input.weights.find((page) => page.page === 'landing');
  if (landing) {
    const within = landing.jsBytes <= LANDING_JS_BUDGET_KB * 1024 ? 'within' : 'OVER';
    lines.push(
      '',
      `Landing JS ${kb(landing.jsBytes)} KB: ${within} the ${LANDING_JS_BUDGET_KB} KB budget.`,
    );
  }
  lines.push(
    '',
    'Landing is the entry script, its modulepreloads and the stylesheet of index.html; every other',
    'page is its lazy chunk plus the chunks it imports that landing has not loaded already.',
    '',
    '## Lighthouse',
    '',
    ...renderLighthouseTable(input.scores),
    '',
    "Lighthouse's default mobile config: simulated throttling (slow 4G, 4x CPU slowdown), headless",
    'Chromium on this machine, served by the real server from apps/web/dist. Each page runs three',
    'times, taking turns; the figures are the medians, with the worst run beside them. Targets:',
    'performance ≥ 98, accessibility 100.',
  );
  return lines;
}

/**
 * The reference path's req/s against the same row of the run before (same database and size),
 * or null without one. Every req/s and latency moves with the machine, and ratios against a
 * baseline less so (bench/README.md): this says how far this run's figures compare with those.
 */
export function machineSpeed(now: PathResult, previous: Previous | null): string | null {
  const then = previous?.results.find(
    (row) => row.kind === 'reference' && row.database === now.database && row.size === now.size,
  );
  if (!then) return null;
  const speed = now.app.requestsPerSecond / then.app.requestsPerSecond;
  // A new kernel build or host moved the figures by half (bench/README.md), so say so.
  const elsewhere =
    previous?.machine && previous.machine !== describeMachine()
      ? `, which ran on ${previous.machine}`
      : '';
  return (
    `the reference path (${now.database}, ${now.size.toLocaleString('en')} rows) answered ` +
    `${rps(now.app.requestsPerSecond)} req/s, against ${rps(then.app.requestsPerSecond)} in the ` +
    `run before (${speed.toFixed(2)}x)${elsewhere}`
  );
}

/** The header's speed line, from SQLite at the smallest size, else the first database's. */
function renderMachineSpeed(input: ReportInput): string[] {
  const references = input.results.filter((row) => row.kind === 'reference');
  const smallestSize = Math.min(...references.map((row) => row.size));
  const now =
    references.find((row) => row.database === 'SQLite' && row.size === smallestSize) ??
    references.find((row) => row.size === smallestSize);
  const speed = now ? machineSpeed(now, input.previous) : null;
  if (!speed) return [];
  return [
    `- Machine speed: ${speed}. Req/s and latencies move with the machine; ratios against a ` +
      'baseline move less, and most for the lightest reads (bench/README.md).',
  ];
}

/** CPUs, kernel and Node: what the header prints, and what the twin keeps to compare. */
export function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${os.platform()} ${os.release()}, Node ${process.version}`;
}

/** The whole results file: facts first, then the tables, then how to read them. */
export function renderReport(input: ReportInput): string {
  const { load } = input;
  const databases = [...new Set(input.results.map((row) => row.database))];
  const before = input.previous ? `the run of ${input.previous.date}` : 'no earlier run';
  return [
    '# Benchmark results',
    '',
    `- Date: ${input.date}`,
    `- Machine: ${input.machine ?? describeMachine()}`,
    `- Databases: ${databases.join(', ') || 'none'}; sizes ${input.sizes.map((s) => s.toLocaleString('en')).join(', ')} users and projects (10x messages)`,
    `- Load: autocannon, ${load.connections} connections, ${load.warmup} s warm-up then ${load.duration} s measured, per path; server and load generator on separate threads of one process`,
    `- Before: ${before}`,
    ...renderMachineSpeed(input),
    '',
    ...databases.flatMap((database) => renderLoadTable(input, database)),
    '**Reading it.** Rows is the size of every table; Answer is what the app sent back (the rows of',
    'a page, or the total a count reports). The reads act as a student of the biggest campus, whose',
    "lists fill a page at both sizes, so growth compares answers alike; Explore's search types one",
    'word at every size, held by about one project in eight, and the inbox is that of a student with',
    'more than a page of messages. A growth between pages of different lengths names both ("1.55x (6',
    '→ 12 rows)"): it also counts the longer answer. req/s is the mean of per-second samples;',
    'p50/p99 are latencies in ms at that load. A path whose figure landed within 10% of a target,',
    'either side, was measured three times: its figures are the median of each. "Before" is the same',
    'row in the previous run. Baseline req/s is a bare node:http server answering the same query',
    'with a prepared statement and the same JSON (no auth, no policies): the limit of this stack.',
    'Ratio = app req/s ÷ baseline req/s. Growth = req/s at the smallest size ÷ req/s at this size',
    '(1.00x: no slowdown as the tables grow). A path with connection errors or non-2xx answers is',
    'flagged and its req/s struck through: a failing path is not a fast one. Pages (project,',
    'profile, team space) are their requests in turn, counted one by one. The reference row is the',
    "app's lightest route (the health check: routing, hooks, security headers and `select 1`, no",
    'token): every path pays at least its cost, so it has no target of its own.',
    '',
    ...renderSeeds(input),
    ...renderInstances(input),
    ...(input.realtime.length > 0 ? [renderRealtime(input.realtime)] : []),
    ...(input.startup ? ['## Start and footprint', '', renderStartup(input.startup), ''] : []),
    ...renderWeb(input),
    '',
  ].join('\n');
}
