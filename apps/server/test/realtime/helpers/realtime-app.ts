import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { realtimeRoutes, type RealtimeRoutesOptions } from '../../../src/modules/realtime/routes';
import { registerAuthentication } from '../../../src/plugins/authentication';
import { registerCluster } from '../../../src/plugins/cluster';
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
  /**
   * An access token for an account of this id, issued at `issuedAt` (epoch seconds). The
   * account and its sign-in are created on first use: a token's session must be live.
   */
  signToken(accountId: string, issuedAt?: number): Promise<string>;
  close(): Promise<void>;
}

/**
 * Only the plugins realtime needs, so a test can set what app.ts fixes (heartbeat and auth
 * timeouts in milliseconds rather than the seconds of docs/product.md §9). Timing does not depend
 * on the database, so SQLite is enough here.
 */
export async function startRealtimeApp(
  options: Partial<RealtimeRoutesOptions> = {},
): Promise<RealtimeApp> {
  const database = await createTestDatabase('sqlite');
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerDatabase(app, database, { owned: false });
  registerEvents(app);
  await registerCluster(app, database);
  await registerRateLimits(app);
  registerAuthentication(app, {
    database,
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
    async signToken(accountId, issuedAt = Math.floor(Date.now() / 1000)) {
      const email = `${accountId}@berkeley.edu`;
      const sessionId = `session-${accountId}`;
      const now = new Date().toISOString();
      await database.db
        .insertInto('auth_accounts')
        .values({ id: accountId, email, password_hash: '-', created_at: now, updated_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      await database.db
        .insertInto('auth_sessions')
        .values({ id: sessionId, account_id: accountId, created_at: now })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
      return app.authentication.signAccessToken({ accountId, email, sessionId, issuedAt });
    },
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      await database.drop();
    },
  };
}
