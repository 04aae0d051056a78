import { Worker } from 'node:worker_threads';
import { ACCESS_TOKEN_TTL_SECONDS } from '@campuscollab/shared';
import { makeDataDir } from './bench-app';
import { createSeededDatabase } from './database';
import { runLighthouse, type LighthouseScore } from './lighthouse';
import { measure, measureSpread, type LoadOptions } from './load';
import { measureSteadily, RUNS_NEAR_TARGET } from './repeat';
import type { PathResult, SeedResult } from './report';
import { compareAnswers } from './same-answer';
import type { Scenario } from './scenarios';
import type { FromWorker, ServerWorkerData, ToWorker } from './server-worker';
import type { DatabaseName, Targets } from './targets';
import { loadWorld } from './world';

/**
 * The world signs in again past this age: the longest path (three runs and their baselines)
 * fits in what is left of the tokens' life.
 */
const TOKEN_RENEWAL_MS = (ACCESS_TOKEN_TTL_SECONDS * 1000) / 2;

export interface SizeOptions {
  database: DatabaseName;
  /** SQLite when undefined; else the PostgreSQL server each size gets a database on. */
  postgresUrl: string | undefined;
  targets: Targets;
  scenarios: Scenario[];
  load: LoadOptions;
  instances: number;
  lighthouse: boolean;
  /** Each path's req/s at the smallest size, for growth; empty while measuring that size. */
  smallest: Map<string, number>;
  log: (line: string) => void;
  /** Told each path's figures as soon as they are measured. */
  measured?: (row: PathResult) => void;
}

/** The app and the baseline on their own thread; see server-worker.ts for why. */
function startServerThread(data: Omit<ServerWorkerData, 'dataDir'>) {
  // tsx's loader does not follow into worker threads on Node 20, so the thread starts from a
  // tiny script that loads the TypeScript entry through tsx's API.
  const entry = new URL('./server-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => tsx.tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}))`;
  const dataDir = makeDataDir();
  const worker = new Worker(boot, {
    eval: true,
    workerData: { ...data, dataDir: dataDir.path } satisfies ServerWorkerData,
  });
  worker.once('exit', () => dataDir.remove());
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

/** Seeds a fresh database of `size` rows, measures every scenario on it, and drops it. */
export async function benchSize(size: number, options: SizeOptions) {
  const { log } = options;
  log(`${options.database} ${size}: creating and seeding the database`);
  const database = await createSeededDatabase(options.postgresUrl, size, log);
  log(`${options.database} ${size}: seeded ${database.summary}`);
  const seed: SeedResult = { database: options.database, size, ...database.seed };
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
    // Each measurement is a warm-up and a measured run; a path near a target is measured three
    // times, and again spread over the instances.
    const runs = 2 * RUNS_NEAR_TARGET * (options.instances > 1 ? 2 : 1);
    let world = await loadWorld(database.handle, appUrl, database.password, runs);
    let signedInAt = Date.now();
    log(
      `${options.database} ${size}: acting as ${world.student.email} (${world.student.university})`,
    );
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

    // The reference path goes first, so that a run on a slow day says so within minutes
    // (run.ts), not after every path of the size; the results keep the scenarios' order.
    const references = options.scenarios.filter((scenario) => scenario.kind === 'reference');
    const others = options.scenarios.filter((scenario) => scenario.kind !== 'reference');
    for (const scenario of [...references, ...others]) {
      // Access tokens live 15 minutes and a size's paths take longer (a million rows, or many
      // repeats): past the renewal age the world signs in again, so no path meets an expired one.
      if (Date.now() - signedInAt > TOKEN_RENEWAL_MS) {
        world = await loadWorld(database.handle, appUrl, database.password, runs, true);
        signedInAt = Date.now();
      }
      log(`${options.database} ${size}: ${scenario.name}`);
      const index = withBaseline.indexOf(scenario);
      const request = scenario.build(world)[0];
      const check =
        index < 0 || !request
          ? null
          : await compareAnswers(appUrl, request, baselineUrl, `/q/${index}`, {
              answersNoRows: Boolean(scenario.answersNoRows),
            });
      const mismatch = check?.mismatch ?? null;
      if (mismatch) log(`  app and baseline answers differ: ${mismatch}`);
      const kind = scenario.kind ?? 'read';
      const measured = await measureSteadily(
        { kind, smallestRps: options.smallest.get(scenario.name) ?? null },
        options.targets,
        () => measure(appUrl, () => scenario.build(world), options.load),
        index < 0
          ? null
          : () =>
              measure(baselineUrl, () => [{ method: 'GET', path: `/q/${index}` }], options.load),
      );
      const spread =
        appUrls.length < 2
          ? null
          : await measureSpread(appUrls, () => scenario.build(world), options.load);
      const row: PathResult = {
        database: options.database,
        name: scenario.name,
        kind,
        size,
        ...measured,
        spread,
        mismatch,
        answer: check?.size ?? null,
      };
      results.push(row);
      const { app } = measured;
      const flag = app.flag ? `  FLAGGED: ${app.flag}` : '';
      const times = measured.runs > 1 ? ` (median of ${measured.runs})` : '';
      log(`  ${Math.round(app.requestsPerSecond)} req/s, p99 ${app.p99} ms${times}${flag}`);
      if (spread) {
        const spreadFlag = spread.flag ? `  FLAGGED: ${spread.flag}` : '';
        log(
          `  ${appUrls.length} instances: ${Math.round(spread.requestsPerSecond)} req/s, p99 ${spread.p99} ms${spreadFlag}`,
        );
      }
      options.measured?.(row);
    }
    if (options.lighthouse) scores = await runLighthouse(appUrl, log);
  } finally {
    for (const each of threads) each.send({ type: 'close' });
    await Promise.all(threads.map((each) => each.stopped()));
    await database.drop();
  }
  const order = new Map(options.scenarios.map((scenario, index) => [scenario.name, index]));
  results.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  return { results, scores, seed };
}
