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
export async function measure(
  url: string,
  makeRequests: () => Request[],
  options: LoadOptions = DEFAULT_LOAD,
): Promise<LoadResult> {
  if (options.warmup > 0) await runOnce(url, makeRequests(), options.connections, options.warmup);
  const result = await runOnce(url, makeRequests(), options.connections, options.duration);
  const statuses: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[code] = stats.count ?? 0;
  }
  const problems: string[] = [];
  if (result.errors > 0) problems.push(`${result.errors} errors (${result.timeouts} timeouts)`);
  if (result.non2xx > 0) {
    const codes = Object.entries(statuses).filter(([code]) => !code.startsWith('2'));
    problems.push(`${result.non2xx} non-2xx (${codes.map(([c, n]) => `${c}×${n}`).join(', ')})`);
  }
  if (result.requests.total === 0) problems.push('no answer at all');
  return {
    // The mean of per-second samples; total / duration would count a stalled tail as speed.
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    statuses,
    flag: problems.length > 0 ? problems.join('; ') : null,
  };
}
