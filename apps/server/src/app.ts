import { hkdfSync, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import type { DatabaseHandle } from './db/dialects/types';
import { aiRoutes } from './modules/ai/routes';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { adminSqlRoutes } from './modules/table-api/admin-routes';
import { dbRoutes } from './modules/table-api/routes';
import { createMailer } from './modules/email/create-mailer';
import { outboxRoutes } from './modules/email/outbox-routes';
import { healthRoutes } from './modules/health/routes';
import { createAppMetrics } from './modules/metrics/app-metrics';
import { instrumentRequests } from './modules/metrics/http-metrics';
import { observeDatabasePool, observeEmailOutbox } from './modules/metrics/resource-metrics';
import { matchingRoutes } from './modules/matching/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { dataRoutes } from './modules/data/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { realtimeRoutes } from './modules/realtime/routes';
import { safetyRoutes } from './modules/safety/routes';
import { storageRoutes } from './modules/storage/routes';
import { teamRoutes } from './modules/teams/routes';
import { createStudentFiles } from './modules/storage/student-files';
import { AccessLog } from './plugins/access-log';
import { registerAuthentication } from './plugins/authentication';
import { registerCluster, type ClusterOptions } from './plugins/cluster';
import { registerDatabase } from './plugins/database';
import { registerDraining } from './plugins/draining';
import { registerErrorHandling } from './plugins/errors';
import { registerEvents } from './plugins/events';
import { registerOpenApi } from './plugins/openapi';
import { registerPeriodicJobs } from './plugins/periodic-jobs';
import { registerRateLimits } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Whether closing the app closes the database (true for the server, false for shared tests). */
  ownsDatabase?: boolean;
  jwtSecret: string;
  logger: FastifyBaseLogger;
  /** Built web app to serve; defaults to apps/web/dist. */
  webDistDir?: string;
  /** How the instances' coordination on PostgreSQL reconnects (tests shorten it). */
  cluster?: ClusterOptions;
}

const DEFAULT_WEB_DIST = path.resolve(fileURLToPath(import.meta.url), '../../../web/dist');
const REQUEST_ID = /^[\w.-]{1,64}$/;

/** 1 MiB covers every JSON body the product sends; uploads have their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

/**
 * Fastify 5 takes a hop count as "trust nobody", since a client that reaches the server directly
 * can write as many hops as it likes. TRUST_PROXY=N keeps its usual meaning (the N nearest hops
 * are proxies), for deployments only the proxies can reach, as README says.
 */
function toFastifyTrustProxy(
  trustProxy: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trustProxy !== 'number') return trustProxy;
  return (_address: string, hop: number) => hop < trustProxy;
}

/** Fastify's fallback compilers, never asked for: zod's are set on the root before any route. */
const zodOnly = (): never => {
  throw new Error('Every route is compiled by zod (setValidatorCompiler, setSerializerCompiler)');
};

/** Builds the whole app without listening, so tests can inject requests or pick a port. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: JSON_BODY_LIMIT,
    // Honour a caller's request id (a proxy's, a test's) when it is sane; otherwise make one.
    requestIdHeader: 'x-request-id',
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    routerOptions: { ignoreTrailingSlash: true },
    // Which proxies may name the client (TRUST_PROXY). request.ip, and so every per-IP limit and
    // the outbox's loopback check, follows it; unset, X-Forwarded-For is ignored.
    trustProxy: toFastifyTrustProxy(config.trustProxy),
    logController: new AccessLog(),
    // plugins/draining.ts answers requests that arrive while closing, in our error shape.
    return503OnClosing: false,
    // Every route validates and serializes with zod's compilers (set below). Without these
    // factories fastify would load its own ajv-based ones at start-up, never to use them.
    schemaController: { compilersFactory: { buildValidator: zodOnly, buildSerializer: zodOnly } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Once shutdown begins, answers still in flight close their connection: a keep-alive socket
  // left idle would otherwise hold the server open until its timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback hook: an async one costs every answer a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });

  registerErrorHandling(app);
  registerDatabase(app, options.database, { owned: options.ownsDatabase ?? true });
  registerEvents(app);
  await registerCluster(app, options.database, options.cluster);
  registerPeriodicJobs(app);
  registerSecurityHeaders(app);
  registerDraining(app, () => closing);
  await registerRateLimits(app);
  const metrics = createAppMetrics();
  instrumentRequests(app, metrics);
  observeDatabasePool(metrics, options.database);
  registerAuthentication(app, {
    database: options.database,
    jwtSecret: options.jwtSecret,
    issuer: config.publicUrl,
    audience: config.projectId,
    serviceKey: config.serviceKey,
  });

  const mailer = await createMailer(config, options.database, app.log);
  app.addHook('onClose', async () => {
    // Root onClose hooks run last-added first: let event handlers still composing emails hand
    // them over before the mailer (the queue's sender) stops.
    await app.events.drain();
    await mailer.close();
  });
  if (!config.smtpUrl) observeEmailOutbox(metrics, options.database.db);
  if (config.production && !config.smtpUrl) {
    // It still runs (sign-up links reach the log), but no student would receive an email.
    app.log.warn('SMTP_URL is not set: emails are kept in the outbox table and logged, not sent');
  }

  // Separate keys from one secret, one per purpose: a refresh successor or a cursor signature
  // can never be mistaken for a JWT signature.
  const deriveKey = (purpose: string) =>
    Buffer.from(hkdfSync('sha256', options.jwtSecret, 'campuscollab', purpose, 32));
  const rotationKey = deriveKey('refresh-token-rotation');

  // Before every route: the OpenAPI document collects routes as they are added.
  await registerOpenApi(app, config);
  const files = createStudentFiles(config, {
    connectionString: options.database.connectionString,
  });
  app.addHook('onClose', async () => files.close());
  await app.register(healthRoutes, { store: files.store, isClosing: () => closing });
  await app.register(authRoutes, { config, mailer, rotationKey });
  await app.register(dbRoutes, { config, cursorSecret: deriveKey('table-api-cursors') });
  await app.register(adminSqlRoutes, { config });
  await app.register(notificationRoutes, { config, mailer });
  await app.register(safetyRoutes, { config, mailer });
  await app.register(analyticsRoutes, { config });
  await app.register(dataRoutes, { config, files });
  await app.register(aiRoutes, { config, files });
  await app.register(matchingRoutes, { config });
  await app.register(realtimeRoutes, {
    projectId: config.projectId,
    metrics,
    presence: { expiryMs: config.presenceExpiryMs },
  });
  await app.register(storageRoutes, { config, files });
  await app.register(teamRoutes, { config });
  if (!config.production) await app.register(outboxRoutes);
  await app.register(metricsRoutes, { config, metrics });
  await registerWebApp(app, options.webDistDir ?? DEFAULT_WEB_DIST);
  return app;
}
