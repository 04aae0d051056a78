import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../lib/http-error';

/**
 * Rate limits are opt-in per route (`config.rateLimit`, or `app.rateLimit(...)` as a preHandler
 * for limits keyed on the body, such as per email). A refusal is our JSON 429 with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        ErrorCode.rateLimited,
        `Too many requests, retry in ${context.after}`,
        undefined,
        undefined,
        { 'retry-after': String(Math.ceil(context.ttl / 1000)) },
      ),
  });
}
