/**
 * Counts per key in fixed time windows, for limits that count things (rows, emails) rather than
 * requests. Callers see only this interface, so the in-process counts below can become counts
 * shared by every instance without the callers changing.
 */
export interface WindowCounters {
  /**
   * Adds `amount` to the key's count in its current window, unless that would take it past
   * `max`, in which case nothing is added.
   */
  take(key: string, amount: number, limit: WindowLimit): Promise<WindowCount>;
}

export interface WindowLimit {
  max: number;
  windowMs: number;
}

export interface WindowCount {
  /** False when adding would have passed `max`; the count is then unchanged. */
  taken: boolean;
  /** The key's count in the window, after this call. */
  count: number;
  /** Milliseconds until the window ends and the count starts over. */
  resetsInMs: number;
}

/** Windows that ended are forgotten at most this often, so idle keys do not pile up. */
const SWEEP_INTERVAL_MS = 60_000;

/** Counts in this process's memory: right for one instance, and lost on restart. */
export function createInProcessCounters(now: () => number = Date.now): WindowCounters {
  const windows = new Map<string, { endsAt: number; count: number }>();
  let nextSweep = now() + SWEEP_INTERVAL_MS;

  const sweep = (time: number) => {
    if (time < nextSweep) return;
    nextSweep = time + SWEEP_INTERVAL_MS;
    for (const [key, window] of windows) if (window.endsAt <= time) windows.delete(key);
  };

  return {
    async take(key, amount, { max, windowMs }) {
      const time = now();
      sweep(time);
      let window = windows.get(key);
      if (!window || window.endsAt <= time) {
        window = { endsAt: time + windowMs, count: 0 };
        windows.set(key, window);
      }
      const taken = window.count + amount <= max;
      if (taken) window.count += amount;
      return { taken, count: window.count, resetsInMs: window.endsAt - time };
    },
  };
}
