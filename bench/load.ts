import autocannon, { type Request, type Result } from 'autocannon';

export interface LoadOptions {
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load thrown away first: JIT, SQLite page cache, pg plan cache, pools. */
  warmup: number;
}

export const DEFAULT_LOAD: LoadOptions = { connections: 50, duration: 10, warmup: 2 };

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Status codes seen, e.g. `{ 200: 51234, 409: 3 }`, to explain a flag. */
  statuses: Record<string, number>;
  /** Why the figures cannot be trusted as a speed, or null when every answer was a 2xx. */
  flag: string | null;
}

function runOnce(url: string, requests: Request[], connections: number, duration: number) {
  return new Promise<Result>((resolve, reject) => {
    autocannon({ url, connections, duration, requests, timeout: 10 }, (error, result) =>
      error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve(result),
    );
  });
}

/**
 * Warm-up, then the measured run on fresh connections. `makeRequests` is called per run so a
 * scenario's request builders see the pools (tokens, projects) the warm-up left.
 */
export function measure(
  url: string,
  makeRequests: () => Request[],
  options: LoadOptions = DEFAULT_LOAD,
): Promise<LoadResult> {
  return measureSpread([url], makeRequests, options);
}

/** `total` connections dealt out over `count` runs as evenly as whole numbers allow. */
function shares(total: number, count: number): number[] {
  return Array.from(
    { length: count },
    (_, index) => Math.floor(total / count) + (index < total % count ? 1 : 0),
  );
}

/**
 * As `measure`, the connections spread over several instances of one deployment: one autocannon
 * run per instance, all at once, each with its share of the connections, as a load balancer
 * dealing out connections would. req/s and counts are summed; p50 and p99 are the worst run's,
 * as percentiles of separate runs cannot be merged exactly.
 */
export async function measureSpread(
  urls: string[],
  makeRequests: () => Request[],
  options: LoadOptions = DEFAULT_LOAD,
): Promise<LoadResult> {
  const connections = shares(options.connections, urls.length);
  const runAll = (seconds: number) =>
    Promise.all(
      urls.map((url, index) => runOnce(url, makeRequests(), connections[index]!, seconds)),
    );
  if (options.warmup > 0) await runAll(options.warmup);
  const results = await runAll(options.duration);
  const statuses: Record<string, number> = {};
  for (const result of results) {
    for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
      statuses[code] = (statuses[code] ?? 0) + (stats.count ?? 0);
    }
  }
  const sum = (pick: (result: Result) => number) =>
    results.reduce((total, result) => total + pick(result), 0);
  const worst = (pick: (result: Result) => number) => Math.max(...results.map(pick));
  const errors = sum((result) => result.errors);
  const timeouts = sum((result) => result.timeouts);
  const non2xx = sum((result) => result.non2xx);
  const requests = sum((result) => result.requests.total);
  const problems: string[] = [];
  if (errors > 0) problems.push(`${errors} errors (${timeouts} timeouts)`);
  if (non2xx > 0) {
    const codes = Object.entries(statuses).filter(([code]) => !code.startsWith('2'));
    problems.push(`${non2xx} non-2xx (${codes.map(([c, n]) => `${c}×${n}`).join(', ')})`);
  }
  if (requests === 0) problems.push('no answer at all');
  return {
    // The mean of per-second samples; total / duration would count a stalled tail as speed.
    requestsPerSecond: sum((result) => result.requests.average),
    p50: worst((result) => result.latency.p50),
    p99: worst((result) => result.latency.p99),
    requests,
    errors,
    non2xx,
    statuses,
    flag: problems.length > 0 ? problems.join('; ') : null,
  };
}
