import rateLimit from '@fastify/rate-limit';
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { ErrorCode } from '@campuscollab/shared';
import { deriveNetworkKey } from '../lib/client-address';
import { createPostgresCounters, createRateLimitRows } from '../lib/cluster/postgres-counters';
import { createPostgresRateLimitStore } from '../lib/cluster/postgres-rate-limit-store';
import { HttpError } from '../lib/http-error';
import { createInProcessCounters, type WindowCounters } from '../lib/window-counters';

const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(
    429,
    ErrorCode.rateLimited,
    `Too many requests, retry in ${retryAfterSeconds} seconds`,
    { headers: { 'retry-after': String(retryAfterSeconds) } },
  );

declare module 'fastify' {
  interface FastifyInstance {
    /** Counters of amounts (rows, emails) in time windows, shared like the request limits. */
    windowCounters: WindowCounters;
  }
}

/**
 * Rate limits are opt-in per route (`config.rateLimit`), keyed by `request.ip`: the socket's
 * address, or the client a trusted proxy names when TRUST_PROXY is set (see app.ts). A refusal
 * is our JSON 429 with Retry-After. Where several instances may share the database (the cluster
 * bus is shared: PostgreSQL), every limit and counter is counted in it, so a client spreading
 * its attempts over the instances meets one limit (docs/architecture.md §2.5).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  const { database } = app;
  const rows = app.cluster.shared ? createRateLimitRows(database.countersDb ?? database.db) : null;
  app.decorate('windowCounters', rows ? createPostgresCounters(rows) : createInProcessCounters());
  await app.register(rateLimit, {
    global: false,
    ...(rows ? { store: createPostgresRateLimitStore(rows) } : {}),
    errorResponseBuilder: (_request, context) => tooManyRequests(Math.ceil(context.ttl / 1000)),
  });
}

type RequestCheck = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(check: RequestCheck, request: FastifyRequest): Promise<void> {
  const result = await check(request);
  if (!result.isAllowed && result.isExceeded) throw tooManyRequests(result.ttlInSeconds);
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
  return async (request) => enforce(check, request);
}

/** One limit of the rate-limit plugin (not lib/window-counters' WindowLimit, which counts amounts). */
export interface RouteLimit {
  max: number;
  /** Milliseconds. */
  timeWindow: number;
}

/** Counters for password guessing (or any secret tried against an account); see below. */
export interface IpAndEmailLimit {
  /** Counts one attempt from the client; throws a 429 HttpError past the limit. */
  countClient(request: FastifyRequest): Promise<void>;
  /** Counts one attempt at `email` from the client; throws a 429 HttpError past the limit. */
  countClientAndEmail(request: FastifyRequest, email: string): Promise<void>;
  /** `countClient` as a route's onRequest hook: every request counts, even a malformed one. */
  onRequest: onRequestAsyncHookHandler;
  /** `countClientAndEmail` as a preHandler, for routes whose validated body has `email`. */
  preHandler: preHandlerAsyncHookHandler;
}

/**
 * Limits attempts per client IP and per (client IP, email), never per email alone: a limit on
 * the address alone lets anyone lock its owner out by failing on purpose, from anywhere. Each
 * client can still try only so many passwords on one account, and so many accounts in all.
 *
 * One limiter holds one set of counters, whichever routes call it: create it once per purpose
 * and give it to every route that tries the same secret (the sign-in API and the hosted form
 * share one), so a second entrance never doubles the guesses.
 */
export function createIpAndEmailLimit(
  app: FastifyInstance,
  limits: { perClient: RouteLimit; perClientAndEmail: RouteLimit },
): IpAndEmailLimit {
  const emails = new WeakMap<FastifyRequest, string>();
  const perClient = app.createRateLimit({
    ...limits.perClient,
    keyGenerator: (request) => deriveNetworkKey(request.ip),
  });
  const perClientAndEmail = app.createRateLimit({
    ...limits.perClientAndEmail,
    keyGenerator: (request) => `${deriveNetworkKey(request.ip)} ${emails.get(request)}`,
  });
  const countClient = (request: FastifyRequest) => enforce(perClient, request);
  const countClientAndEmail = (request: FastifyRequest, email: string) => {
    // Spellings of one address are one account: ' Ada@MIT.edu' must not start a fresh count.
    emails.set(request, email.trim().toLowerCase());
    return enforce(perClientAndEmail, request);
  };
  return {
    countClient,
    countClientAndEmail,
    onRequest: async (request) => countClient(request),
    preHandler: async (request) =>
      countClientAndEmail(request, String((request.body as { email?: unknown }).email ?? '')),
  };
}
