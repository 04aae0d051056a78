import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { realtimeRoutes, type RealtimeRoutesOptions } from '../../../src/modules/realtime/routes';
import { registerAuthentication } from '../../../src/plugins/authentication';
import { registerDatabase } from '../../../src/plugins/database';
import { registerErrorHandling } from '../../../src/plugins/errors';
import { registerEvents } from '../../../src/plugins/events';
import { registerRateLimits } from '../../../src/plugins/rate-limit';
import { freePort } from '../../helpers/postgres-cluster';
import { TEST_JWT_SECRET } from '../../helpers/test-app';
import { createTestDatabase } from '../../helpers/test-database';

export interface RealtimeApp {
  app: FastifyInstance;
  baseUrl: string;
  /** An access token for any account id, issued at `issuedAt` (epoch seconds). */
  signToken(accountId: string, issuedAt?: number): string;
  close(): Promise<void>;
}

/**
 * Only the plugins realtime needs, so a test can set what app.ts fixes (heartbeat and auth
 * timeouts in milliseconds rather than the spec's seconds). Timing does not depend on the
 * database, so SQLite is enough here.
 */
export async function startRealtimeApp(
  options: Partial<RealtimeRoutesOptions> = {},
): Promise<RealtimeApp> {
  const database = await createTestDatabase('sqlite');
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDatabase(app, database, false);
  registerEvents(app);
  await registerRateLimits(app);
  registerAuthentication(app, {
    jwtSecret: TEST_JWT_SECRET,
    issuer: 'http://realtime.test',
    audience: 'campus',
    serviceKey: undefined,
  });
  await app.register(realtimeRoutes, { projectId: 'campus', ...options });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });

  let closed = false;
  return {
    app,
    baseUrl: `http://127.0.0.1:${port}`,
    signToken: (accountId, issuedAt = Math.floor(Date.now() / 1000)) =>
      app.authentication.signAccessToken({
        accountId,
        email: `${accountId}@berkeley.edu`,
        sessionId: `session-${accountId}`,
        issuedAt,
      }),
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.drop();
    },
  };
}
