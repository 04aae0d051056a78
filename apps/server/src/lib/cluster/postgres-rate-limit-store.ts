import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { createRateLimitRows } from './postgres-counters';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

interface ChildParams {
  routeInfo?: { method?: unknown; url?: unknown };
}

/**
 * A store for @fastify/rate-limit (its `store` option) that counts in the `rate_limits` table,
 * so a limit holds across every instance rather than per process. Each limit is one store
 * (`child`): a route's is named by its method and URL; one made with `createRateLimit` by its
 * place in the order limits are made, which is the same on every instance because buildApp
 * makes them all at start. Fixed windows, as the plugin's own memory store without
 * `continueExceeding` or `exponentialBackoff`, which the app does not use.
 */
export function createPostgresRateLimitStore(
  rows: ReturnType<typeof createRateLimitRows>,
): FastifyRateLimitStoreCtor {
  let limits = 0;

  class PostgresRateLimitStore {
    private readonly namespace: string;

    // The plugin constructs the root store with its options; children get a name.
    constructor(namespace?: unknown) {
      this.namespace = typeof namespace === 'string' ? namespace : 'http';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      rows.increment(rows.rowKey(this.namespace, key), timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    read(key: string, callback: Callback): void {
      rows.read(rows.rowKey(this.namespace, key)).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown): FastifyRateLimitStore {
      const route = (routeOptions as ChildParams).routeInfo;
      const name =
        typeof route?.url === 'string'
          ? `http ${String(route.method)} ${route.url}`
          : `http limit ${++limits}`;
      return new PostgresRateLimitStore(name);
    }
  }

  return PostgresRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
