import { median, RUNS_NEAR_TARGET } from '../repeat';
import { isNear } from '../targets';

/** The value below which `fraction` of the sorted latencies fall, or null for none. */
export function percentile(sorted: number[], fraction: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** One measurement of a scenario: its latencies in ms, sorted, and what it counted. */
export interface Measurement {
  latencies: number[];
  /** Messages published, and deliveries they should have made. */
  messages: number;
  expected: number;
  /** Refused publishes, a rate not reached. */
  notes: string[];
}

export interface SteadyFigures {
  p50: number | null;
  p99: number | null;
  messages: number;
  expected: number;
  delivered: number;
  /** 1, or 3 when the first run's p99 landed near the target. */
  runs: number;
  notes: string[];
}

/** The median of the runs' figures that exist (a run with no latencies has none). */
const medianOf = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null);
  return known.length === 0 ? null : median(known);
};

/**
 * Measures once, and twice more when the p99 lands within 10% of its target on either side, so
 * the target is judged on the typical run and not on the side one run's noise fell, as the HTTP
 * paths are (bench/repeat.ts). p50 and p99 are the medians of the runs'; the counts are sums.
 */
export async function measureScenarioSteadily(
  targetMs: number,
  measure: () => Promise<Measurement>,
  log: (line: string) => void,
): Promise<SteadyFigures> {
  const runs = [await measure()];
  const first = percentile(runs[0]!.latencies, 0.99);
  if (first !== null && isNear({ label: 'p99', value: first, target: targetMs, bound: 'max' })) {
    log(`  p99 ${first.toFixed(1)} ms is near the ${targetMs} ms target: measuring twice more`);
    while (runs.length < RUNS_NEAR_TARGET) runs.push(await measure());
  }
  return {
    p50: medianOf(runs.map((run) => percentile(run.latencies, 0.5))),
    p99: medianOf(runs.map((run) => percentile(run.latencies, 0.99))),
    messages: runs.reduce((sum, run) => sum + run.messages, 0),
    expected: runs.reduce((sum, run) => sum + run.expected, 0),
    delivered: runs.reduce((sum, run) => sum + run.latencies.length, 0),
    runs: runs.length,
    notes: [...new Set(runs.flatMap((run) => run.notes))],
  };
}
