import os from 'node:os';
import type { LighthouseScore } from './lighthouse';
import type { LoadOptions, LoadResult } from './load';
import type { PageWeight } from './page-weight';

export interface PathResult {
  name: string;
  size: number;
  app: LoadResult;
  /** The bare node:http + prepared statement server on the same query; null for writes. */
  baseline: LoadResult | null;
  /** How the app's answer differed from the baseline's (rows, columns, count), or null. */
  mismatch: string | null;
  /** The app's answer in a few words ("12 rows"), so growth is read between answers alike. */
  answer: string | null;
  /** A reference row: no target is checked on it. */
  reference?: boolean;
  /** The same load spread over every instance (`--instances`), or null with one instance. */
  spread?: LoadResult | null;
}

export interface ReportInput {
  results: PathResult[];
  sizes: number[];
  load: LoadOptions;
  database: string;
  weights: PageWeight[];
  scores: LighthouseScore[];
  /** How many instances `--instances` started on the one database; 1 unless given. */
  instances?: number;
}

// The benchmark's targets, checked per row so a reader sees the misses without doing arithmetic.
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 50;
const TARGET_GROWTH = 1.5;
const TARGET_AUTH_RPS = 5000;
const AUTH_PATHS = ['refresh token', 'GET /api/auth/me'];
const LANDING_JS_BUDGET_KB = 120;

const rps = (value: number) => Math.round(value).toLocaleString('en');
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function renderRow(row: PathResult, first: PathResult | undefined): string {
  const { app, baseline } = row;
  const ratio =
    baseline && baseline.requestsPerSecond > 0
      ? app.requestsPerSecond / baseline.requestsPerSecond
      : null;
  // Growth: how much slower the biggest size serves than the smallest, in throughput.
  const growth =
    first && first !== row && app.requestsPerSecond > 0
      ? first.app.requestsPerSecond / app.requestsPerSecond
      : null;
  const misses: string[] = [];
  if (app.flag) misses.push(`**errors: ${app.flag}**`);
  if (baseline?.flag) misses.push(`baseline errors: ${baseline.flag}`);
  if (row.mismatch) misses.push(`**answers differ: ${row.mismatch}**`);
  if (ratio !== null && ratio < TARGET_RATIO) misses.push(`ratio < ${TARGET_RATIO}`);
  if (baseline && app.p99 >= TARGET_P99_MS) misses.push(`p99 ≥ ${TARGET_P99_MS} ms`);
  if (growth !== null && growth > TARGET_GROWTH) misses.push(`growth > ${TARGET_GROWTH}x`);
  if (AUTH_PATHS.includes(row.name) && app.requestsPerSecond < TARGET_AUTH_RPS) {
    misses.push(`< ${rps(TARGET_AUTH_RPS)} req/s`);
  }
  if (row.reference && misses.length === 0) misses.push('reference, no target');
  // A path that failed is not fast: its speed is struck through so nobody quotes it.
  const speed = app.flag ? `~~${rps(app.requestsPerSecond)}~~` : rps(app.requestsPerSecond);
  return `| ${row.name} | ${row.size.toLocaleString('en')} | ${row.answer ?? '—'} | ${speed} | ${app.p50} | ${app.p99} | ${
    baseline ? rps(baseline.requestsPerSecond) : '—'
  } | ${ratio === null ? '—' : ratio.toFixed(2)} | ${growth === null ? '—' : `${growth.toFixed(2)}x`} | ${
    misses.join('; ') || 'ok'
  } |`;
}

function renderLoadTable(input: ReportInput): string[] {
  const smallest = Math.min(...input.sizes);
  const lines = [
    '| Path | Rows | Answer | req/s | p50 ms | p99 ms | Baseline req/s | Ratio | Growth | Targets missed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const row of input.results) {
    const first = input.results.find((r) => r.name === row.name && r.size === smallest);
    lines.push(renderRow(row, first));
  }
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
    '| Page | Performance | Accessibility | FCP ms | LCP ms | TBT ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
  );
  for (const score of input.scores) {
    lines.push(
      `| ${score.page} (${score.path}) | ${score.performance} | ${score.accessibility} | ${score.fcp} | ${score.lcp} | ${score.tbt} |`,
    );
  }
  lines.push(
    '',
    "Lighthouse's default mobile config: simulated throttling (slow 4G, 4x CPU slowdown), headless",
    'Chromium on this machine, served by the real server from apps/web/dist. Targets: performance',
    '≥ 95, accessibility 100.',
  );
  return lines;
}

/** The whole results file: facts first, then the table, then how to read it. */
export function renderReport(input: ReportInput): string {
  const cpus = os.cpus();
  const { load } = input;
  return [
    '# Benchmark results',
    '',
    `- Date: ${new Date().toISOString()}`,
    `- Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${os.platform()} ${os.release()}, Node ${process.version}`,
    `- Database: ${input.database}; sizes ${input.sizes.map((s) => s.toLocaleString('en')).join(', ')} users and projects (10x messages)`,
    `- Load: autocannon, ${load.connections} connections, ${load.warmup} s warm-up then ${load.duration} s measured, per path; server and load generator on separate threads of one process`,
    '',
    '## Hot paths',
    '',
    ...renderLoadTable(input),
    '',
    '**Reading it.** Rows is the size of every table; Answer is what the app sent back (the rows',
    'of a page, or the total a count reports). The reads act as a student of the biggest campus,',
    'whose lists fill a page at both sizes (a search may find fewer rows on the small one), so',
    'growth compares answers alike. req/s is the mean of per-second samples; p50/p99 are',
    'latencies in ms at that',
    'load. Baseline req/s is a bare node:http server answering the same query with a prepared',
    'statement and the same JSON (no auth, no policies): the limit of this stack. Ratio = app req/s ÷',
    'baseline req/s. Growth = req/s at the smallest size ÷ req/s at this size (1.00x: no slowdown as the',
    'tables grow). A path with connection errors or non-2xx answers is flagged and its req/s struck',
    'through: a failing path is not a fast one. Targets: ratio ≥ 0.5 and p99 < 50 ms on every',
    "read, growth ≤ 1.5x, refresh and /me ≥ 5,000 req/s. The reference row is the app's lightest",
    'route (the health check: routing, hooks, security headers and `select 1`, no token): every',
    'path pays at least its cost, so it has no target of its own.',
    '',
    ...renderInstances(input),
    ...renderWeb(input),
    '',
  ].join('\n');
}
