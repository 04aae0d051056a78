import { collectDefaultMetrics, Gauge, Registry } from 'prom-client';

/**
 * The metrics of one app instance, in a registry of its own: prom-client's global default
 * registry would be shared by every app in the process (tests start several), and a metric
 * registered twice there throws.
 */
export interface AppMetrics {
  registry: Registry;
  /**
   * Adds a gauge read when Prometheus scrapes, so nothing is counted between scrapes. A reading
   * that fails leaves the gauge out of that scrape rather than failing it whole.
   */
  gaugeOnScrape(name: string, help: string, read: () => number | Promise<number>): void;
}

export function createAppMetrics(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    gaugeOnScrape(name, help, read) {
      new Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.reset();
          try {
            this.set(await read());
          } catch {
            // Left out: a stale or zero value would read as a real one.
          }
        },
      });
    },
  };
}
