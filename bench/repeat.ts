import type { LoadResult } from './load';
import { checksFor, isNear, type Figures, type Targets } from './targets';

/** How many measurements a path near a target gets in all; the median of them is its figure. */
export const RUNS_NEAR_TARGET = 3;

/** The middle value (the upper of the two middle ones for an even count). */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * The median of each figure over the runs. A run with errors flags the whole path: a failure in
 * one of three is still a failure.
 */
export function medianOf(runs: LoadResult[]): LoadResult {
  if (runs.length === 1) return runs[0]!;
  const statuses: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statuses)) {
      statuses[code] = (statuses[code] ?? 0) + count;
    }
  }
  const flags = runs.map((run) => run.flag).filter(Boolean);
  return {
    requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    requests: runs.reduce((sum, run) => sum + run.requests, 0),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
    statuses,
    flag: flags.length > 0 ? flags.join('; ') : null,
  };
}

export interface Measured {
  app: LoadResult;
  baseline: LoadResult | null;
  /** How many times the path was measured (1, or RUNS_NEAR_TARGET when a figure was near). */
  runs: number;
}

/**
 * Measures a path once; when any of its figures lands within 10% of a target (either side),
 * twice more, and keeps each figure's median, so a target is judged on the typical run rather
 * than on whichever side of it one run's noise fell.
 */
export async function measureSteadily(
  figures: Omit<Figures, 'app' | 'baseline'>,
  targets: Targets,
  measureApp: () => Promise<LoadResult>,
  measureBaseline: (() => Promise<LoadResult>) | null,
): Promise<Measured> {
  const apps = [await measureApp()];
  const baselines = measureBaseline ? [await measureBaseline()] : [];
  const near = checksFor(
    { ...figures, app: apps[0]!, baseline: baselines[0] ?? null },
    targets,
  ).some(isNear);
  if (near && !apps[0]!.flag) {
    while (apps.length < RUNS_NEAR_TARGET) {
      apps.push(await measureApp());
      if (measureBaseline) baselines.push(await measureBaseline());
    }
  }
  return {
    app: medianOf(apps),
    baseline: baselines.length > 0 ? medianOf(baselines) : null,
    runs: apps.length,
  };
}
