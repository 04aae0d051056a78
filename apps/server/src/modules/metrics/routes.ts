import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@campuscollab/shared';
import type { Config } from '../../config';
import { isLoopbackAddress } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';
import type { AppMetrics } from './app-metrics';

export interface MetricsRoutesOptions {
  config: Config;
  metrics: AppMetrics;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * GET /metrics in Prometheus' text format. Metrics reveal traffic (which routes are used, how
 * often, how many students are connected), so the route asks for METRICS_TOKEN as a bearer
 * token; outside production this machine may read it without one, as it may the dev outbox.
 * In production without a token there is no route at all (404).
 *
 * Outside /api/ on purpose: Prometheus' convention, and a proxy can keep it from the public by
 * path without knowing the API.
 */
export async function metricsRoutes(app: FastifyInstance, options: MetricsRoutesOptions) {
  const { config, metrics } = options;
  if (config.production && !config.metricsToken) return;
  const tokenDigest = config.metricsToken ? digest(config.metricsToken) : null;

  const hasToken = (request: FastifyRequest): boolean => {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    // Digests have one length, and comparing them takes the same time whatever the guess.
    return Boolean(tokenDigest && token) && timingSafeEqual(digest(token!), tokenDigest!);
  };

  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: async (request) => {
        if (hasToken(request)) return;
        if (!config.production && isLoopbackAddress(request.ip)) return;
        if (tokenDigest) {
          throw new HttpError(401, ErrorCode.unauthorized, 'Metrics need the metrics token', {
            headers: { 'www-authenticate': 'Bearer' },
          });
        }
        throw new HttpError(
          403,
          ErrorCode.forbidden,
          'Metrics answer only to the machine the server runs on',
          { hint: 'Set METRICS_TOKEN to read them from elsewhere' },
        );
      },
    },
    async (_request, reply) =>
      reply
        .type(metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics()),
  );
}
