/**
 * `npm run bench [-- --quick | --sizes 1000,100000] [--duration 10] [--skip-web] [--instances 2]`:
 * the load benchmark of the hot paths against a bare baseline, plus page weight and Lighthouse.
 * Results go to stdout and bench/results.md.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createSeededDatabase } from './database';
import { runLighthouse, type LighthouseScore } from './lighthouse';
import { DEFAULT_LOAD, measure, measureSpread, type LoadOptions } from './load';
import { buildWebApp, measurePageWeight, type PageWeight } from './page-weight';
import { renderReport, type PathResult } from './report';
import { compareAnswers } from './same-answer';
import { SCENARIOS } from './scenarios';
import type { FromWorker, ServerWorkerData, ToWorker } from './server-worker';
import { loadWorld } from './world';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = (line: string) => console.log(`[bench] ${line}`);

function parseOptions() {
  const { values } = parseArgs({
    options: {
      sizes: { type: 'string', default: '1000,100000' },
      quick: { type: 'boolean', default: false },
      duration: { type: 'string', default: String(DEFAULT_LOAD.duration) },
      warmup: { type: 'string', default: String(DEFAULT_LOAD.warmup) },
      connections: { type: 'string', default: String(DEFAULT_LOAD.connections) },
      only: { type: 'string' },
      'skip-web': { type: 'boolean', default: false },
      instances: { type: 'string', default: '1' },
    },
  });
  const sizes = (values.quick ? '1000' : values.sizes).split(',').map(Number);
  if (sizes.some((size) => !Number.isInteger(size) || size < 2)) {
    throw new Error(`--sizes takes whole numbers of at least 2, e.g. 1000,100000`);
  }
  // Instances of one deployment share their state through PostgreSQL (architecture §2.5); on
  // SQLite the server is one process by design.
  const instances = Number(values.instances);
  if (!Number.isInteger(instances) || instances < 1) {
    throw new Error('--instances takes a whole number of at least 1');
  }
  if (instances > 1 && !process.env.DATABASE_URL) {
    throw new Error('--instances above 1 needs DATABASE_URL: instances share one PostgreSQL');
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
  return { sizes, load, scenarios, web: !values['skip-web'], instances };
}

/** The app and the baseline on their own thread; see server-worker.ts for why. */
function startServerThread(data: ServerWorkerData) {
  // tsx's loader does not follow into worker threads on Node 20, so the thread starts from a
  // tiny script that loads the TypeScript entry through tsx's API.
  const entry = new URL('./server-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  const worker = new Worker(boot, { eval: true, workerData: data });
  const next = <T extends FromWorker['type']>(type: T) =>
    new Promise<string>((resolve, reject) => {
      const onMessage = (message: FromWorker) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        resolve(message.url);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
    });
  const send = (message: ToWorker) => worker.postMessage(message);
  const stopped = () => new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return { next, send, stopped };
}

async function benchSize(
  size: number,
  options: ReturnType<typeof parseOptions>,
  lighthouse: boolean,
) {
  log(`size ${size}: creating and seeding the database`);
  const database = await createSeededDatabase(process.env.DATABASE_URL, size, log);
  log(`size ${size}: seeded ${database.summary}`);
  // The first instance also serves the baseline; the others are the same app on the same
  // database, each on a thread of its own, as separate processes of one deployment would be.
  const threads = Array.from({ length: options.instances }, () =>
    startServerThread({ kind: database.handle.kind, location: database.location }),
  );
  const thread = threads[0]!;
  const results: PathResult[] = [];
  let scores: LighthouseScore[] = [];
  try {
    const appUrls = await Promise.all(threads.map((each) => each.next('app')));
    const appUrl = appUrls[0]!;
    // A warm-up and a measured run on one instance, and again spread over all of them.
    const runs = options.instances > 1 ? 4 : 2;
    const world = await loadWorld(database.handle, appUrl, database.password, runs);
    log(`size ${size}: acting as ${world.student.email} (${world.student.university})`);
    const withBaseline = options.scenarios.filter((scenario) => scenario.baseline);
    thread.send({
      type: 'baseline',
      queries: withBaseline.map(({ baseline }) => ({
        sql: baseline?.sql,
        countSql: baseline?.countSql,
        params: baseline?.params(world) ?? [],
        singleKey: baseline?.singleKey,
      })),
    });
    const baselineUrl = await thread.next('baseline');

    for (const scenario of options.scenarios) {
      log(`size ${size}: ${scenario.name}`);
      const index = withBaseline.indexOf(scenario);
      const request = scenario.build(world)[0];
      const check =
        index < 0 || !request
          ? null
          : await compareAnswers(appUrl, request, baselineUrl, `/q/${index}`);
      const mismatch = check?.mismatch ?? null;
      if (mismatch) log(`  app and baseline answers differ: ${mismatch}`);
      const app = await measure(appUrl, () => scenario.build(world), options.load);
      const baseline =
        index < 0
          ? null
          : await measure(
              baselineUrl,
              () => [{ method: 'GET', path: `/q/${index}` }],
              options.load,
            );
      const spread =
        appUrls.length < 2
          ? null
          : await measureSpread(appUrls, () => scenario.build(world), options.load);
      results.push({
        name: scenario.name,
        size,
        app,
        baseline,
        spread,
        mismatch,
        answer: check?.size ?? null,
        reference: scenario.reference,
      });
      const flag = app.flag ? `  FLAGGED: ${app.flag}` : '';
      log(`  ${Math.round(app.requestsPerSecond)} req/s, p99 ${app.p99} ms${flag}`);
      if (spread) {
        const spreadFlag = spread.flag ? `  FLAGGED: ${spread.flag}` : '';
        log(
          `  ${appUrls.length} instances: ${Math.round(spread.requestsPerSecond)} req/s, p99 ${spread.p99} ms${spreadFlag}`,
        );
      }
    }
    if (lighthouse) scores = await runLighthouse(appUrl, log);
  } finally {
    for (const each of threads) each.send({ type: 'close' });
    await Promise.all(threads.map((each) => each.stopped()));
    await database.drop();
  }
  return { results, scores };
}

async function main() {
  const options = parseOptions();
  let weights: PageWeight[] = [];
  if (options.web) {
    log('building the web app');
    buildWebApp();
    weights = measurePageWeight();
  }
  const results: PathResult[] = [];
  let scores: LighthouseScore[] = [];
  for (const [index, size] of options.sizes.entries()) {
    // Lighthouse once, on the first size: the landing and auth pages read no table rows.
    const measured = await benchSize(size, options, options.web && index === 0);
    results.push(...measured.results);
    if (measured.scores.length > 0) scores = measured.scores;
  }
  const report = renderReport({
    results,
    sizes: options.sizes,
    load: options.load,
    database: process.env.DATABASE_URL ? 'PostgreSQL' : 'SQLite',
    weights,
    scores,
    instances: options.instances,
  });
  console.log(`\n${report}`);
  writeFileSync(path.join(here, 'results.md'), report);
  log('written to bench/results.md');
}

await main();
