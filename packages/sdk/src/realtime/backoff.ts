/** docs/product.md §9: reconnect backoff is min(30 s, 2^n s)... */
export const RECONNECT_MAX_DELAY_MS = 30_000;
/** ...plus up to 1 s of jitter, so tabs that lost the server together do not return together. */
export const RECONNECT_JITTER_MS = 1000;

/**
 * The wait before reconnect attempt `attempt`, where attempt 0 is the first try after a drop:
 * 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for every later try, each plus `random() * 1 s`. The count
 * returns to 0 once a connection has opened again.
 */
export function computeReconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_DELAY_MS, 2 ** Math.max(0, attempt) * 1000);
  return base + Math.floor(random() * RECONNECT_JITTER_MS);
}

/**
 * Schedules reconnect attempts with {@link computeReconnectDelay}: one pending attempt at a time;
 * `succeeded()` after an open returns the count to 0.
 */
export class ReconnectSchedule {
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly random: () => number) {}

  /** True while an attempt is waiting to run. */
  isPending(): boolean {
    return this.timer !== null;
  }

  /** Runs `attempt` after the next delay, unless one is already waiting. */
  schedule(attempt: () => void): void {
    if (this.timer !== null) return;
    const delay = computeReconnectDelay(this.attempt, this.random);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      attempt();
    }, delay);
  }

  /** A connection opened: the next drop starts again at attempt 0. */
  succeeded(): void {
    this.attempt = 0;
  }

  /** Drops the waiting attempt (disconnect). */
  cancel(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }
}
