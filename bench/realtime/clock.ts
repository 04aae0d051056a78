/**
 * Microseconds on the system's monotonic clock. `process.hrtime` reads CLOCK_MONOTONIC, which on
 * Linux is one clock for every process of the machine: the publisher's stamp and a client's
 * reading in another process compare directly, with no wall-clock step in between.
 */
export function monotonicMicros(): number {
  return Number(process.hrtime.bigint() / 1000n);
}
