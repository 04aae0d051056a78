import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { logEventsBody } from './event-schema';
import { storeAnalyticsEvents } from './store-events';
import { requireKnownProject } from '../../lib/known-project';

export interface AnalyticsRoutesOptions {
  config: Config;
}

const MINUTE = 60_000;
/** The SDK sends a batch every 10 events or 3 s (docs/product.md §7.7): some 20 a minute a tab. */
const BATCHES_PER_IP_PER_MINUTE = 120;

export async function analyticsRoutes(app: FastifyInstance, options: AnalyticsRoutesOptions) {
  const { config } = options;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/analytics/:project/log',
    {
      schema: { params: z.object({ project: z.string() }), body: logEventsBody },
      config: { rateLimit: { max: BATCHES_PER_IP_PER_MINUTE, timeWindow: MINUTE } },
      // Anonymous visitors are welcome, but a token that is sent must be valid: a 401 tells the
      // SDK to refresh rather than silently losing who the events belong to.
      preValidation: async (request) => {
        requireKnownProject(config.projectId, (request.params as { project: string }).project);
        await app.authentication.optionalUser(request);
      },
    },
    async (request, reply) => {
      // Verified in preValidation; the answer is cached per request.
      const user = await app.authentication.optionalUser(request);
      const accepted = await storeAnalyticsEvents(
        app.database.db,
        request.body.events,
        user?.id ?? null,
      );
      return reply.status(202).send({ accepted });
    },
  );
}
