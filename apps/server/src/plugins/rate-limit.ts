import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../lib/http-error';

const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    ErrorCode.rateLimited,
    `Too many requests, retry in ${retryAfterSeconds} seconds`,
    undefined,
    undefined,
    { 'retry-after': String(retryAfterSeconds) },
  );

/**
 * Rate limits are opt-in per route (`config.rateLimit`, keyed by IP). A refusal is our JSON 429
 * with Retry-After.
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
}

/**
 * A second limit keyed on something in the parsed body (such as the email address), as a
 * preHandler. The plugin runs one limit per request, so this one uses its `createRateLimit`
 * checker and answers the 429 itself.
 */
export function limitByBody(
  app: FastifyInstance,
  options: { max: number; timeWindow: number; key: (request: FastifyRequest) => string },
): preHandlerAsyncHookHandler {
  const check = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: options.key,
  });
  return async (request) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
  };
}
