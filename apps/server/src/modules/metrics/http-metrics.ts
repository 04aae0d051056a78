import type { FastifyInstance } from 'fastify';
import { Counter, Histogram } from 'prom-client';
import type { AppMetrics } from './app-metrics';

/** Requests no route matched: one label value, whatever URLs a scanner tries. */
export const UNMATCHED_ROUTE = '(unmatched)';

const LABELS = ['method', 'route', 'status_class'] as const;

/**
 * Counts every answer and how long it took, labelled by the route's pattern
 * (`/api/db/:project/rest/v1/:table`), never the URL: ids and query strings in a label would make
 * a new time series per request.
 */
export function instrumentRequests(app: FastifyInstance, metrics: AppMetrics): void {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status class',
    labelNames: LABELS,
    registers: [metrics.registry],
  });
  const durations = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status class',
    labelNames: LABELS,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [metrics.registry],
  });
  // A callback hook: an async one costs every answer a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_class: `${Math.floor(reply.statusCode / 100)}xx`,
    };
    requests.inc(labels);
    durations.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}
