import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS as CHROME_FLAGS, SYSTEM_CHROMIUM } from '../tools/chromium';

/** One Lighthouse run of one page. */
export interface LighthouseRun {
  /** 0 to 100, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  /** First and largest contentful paint and total blocking time, simulated, in ms. */
  fcp: number;
  lcp: number;
  tbt: number;
  /** Why the first attempt at this run measured nothing, when it was run again. */
  rerunAfter?: string;
}

/**
 * A page's figures over RUNS_PER_PAGE runs: each field the median of the runs, which is the
 * figure the targets are checked on, with the worst run (lowest performance) beside it.
 */
export interface LighthouseScore extends LighthouseRun {
  page: string;
  path: string;
  worst: LighthouseRun;
  /** Every run, in the order they ran. */
  runs: LighthouseRun[];
}

/** Odd, so the median is one run's figure; three shows the spread of a busy machine. */
export const RUNS_PER_PAGE = 3;

const PAGES = [
  { page: 'landing', path: '/' },
  { page: 'auth', path: '/?page=auth' },
];

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/** The middle value (the upper middle for an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Each figure's median over the runs, and the run that scored lowest. */
export function summarizeRuns(page: string, path: string, runs: LighthouseRun[]): LighthouseScore {
  if (runs.length === 0) throw new Error(`no lighthouse run for ${path}`);
  const of = (field: Exclude<keyof LighthouseRun, 'rerunAfter'>) =>
    median(runs.map((run) => run[field]));
  const worst = runs.reduce((low, run) => (run.performance < low.performance ? run : low));
  return {
    page,
    path,
    performance: of('performance'),
    accessibility: of('accessibility'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    tbt: of('tbt'),
    worst,
    runs,
  };
}

/** The audits a run's figures come from; the performance score is computed from them. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time'];

async function runOnce(url: string, port: number): Promise<LighthouseRun> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  // A page Lighthouse could not load or measure has no score: a failed run, not a score of 0.
  // That includes a run whose paint metrics failed: Lighthouse still scores the category, as 0.
  if (typeof categories.performance?.score !== 'number') {
    throw new Error(`lighthouse could not score ${url}: ${runtimeError?.code ?? 'no score'}`);
  }
  const unmeasured = METRICS.find((id) => typeof audits[id]?.numericValue !== 'number');
  if (unmeasured) {
    throw new Error(
      `lighthouse could not measure ${unmeasured} on ${url}: ${audits[unmeasured]?.errorMessage ?? 'no value'}`,
    );
  }
  const metric = (id: string) => Math.round(audits[id]!.numericValue!);
  return {
    performance: score(categories.performance?.score),
    accessibility: score(categories.accessibility?.score),
    fcp: metric('first-contentful-paint'),
    lcp: metric('largest-contentful-paint'),
    tbt: metric('total-blocking-time'),
  };
}

/**
 * Lighthouse's default (mobile, simulated throttling) config on landing and auth, against the
 * real server, RUNS_PER_PAGE times each. One run swings by several points on a shared machine,
 * so the median is the figure. The pages take turns, so a busy moment of the machine falls on
 * one run of each rather than on every run of one. One Chromium throughout; each run starts
 * from a cold cache anyway. A run that could not score the page is run again, once.
 */
export async function runLighthouse(
  baseUrl: string,
  log: (line: string) => void,
  runsPerPage = RUNS_PER_PAGE,
): Promise<LighthouseScore[]> {
  const chromePath = process.env.CHROME_PATH ?? SYSTEM_CHROMIUM;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const runs = new Map<string, LighthouseRun[]>(PAGES.map(({ path }) => [path, []]));
  try {
    for (let round = 1; round <= runsPerPage; round += 1) {
      for (const { page, path } of PAGES) {
        const run = await runOnce(`${baseUrl}${path}`, chrome.port).catch(async (error: Error) => {
          log(`lighthouse ${page} (${path}) run ${round}: ${error.message}; running it again`);
          return {
            ...(await runOnce(`${baseUrl}${path}`, chrome.port)),
            rerunAfter: error.message,
          };
        });
        runs.get(path)!.push(run);
        log(
          `lighthouse ${page} (${path}) run ${round}/${runsPerPage}: performance ${run.performance}, LCP ${run.lcp} ms`,
        );
      }
    }
  } finally {
    chrome.kill();
  }
  return PAGES.map(({ page, path }) => summarizeRuns(page, path, runs.get(path)!));
}

/**
 * The results file's Lighthouse table, for report.ts's renderWeb: each page's median figures
 * (the ones the targets are checked on), then its worst run's performance and LCP, and every
 * run's performance score, with the reason when a run measured nothing and was run again.
 */
export function renderLighthouseTable(scores: LighthouseScore[]): string[] {
  const lines = [
    '| Page | Performance | Accessibility | FCP ms | LCP ms | TBT ms | Worst run (perf, LCP ms) | Runs |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |',
  ];
  for (const score of scores) {
    const runs = score.runs
      .map((run) =>
        run.rerunAfter ? `${run.performance} (run again: ${run.rerunAfter})` : run.performance,
      )
      .join(', ');
    lines.push(
      `| ${score.page} (${score.path}) | ${score.performance} | ${score.accessibility} | ${score.fcp} | ${score.lcp} | ${score.tbt} | ${score.worst.performance}, ${score.worst.lcp} | ${runs} |`,
    );
  }
  return lines;
}
