import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { ErrorCode } from '@campuscollab/shared';
import type { FileStore } from '../../lib/file-store/file-store';
import { checkReadiness } from './readiness';

export interface HealthRoutesOptions {
  /** The store students' files live in; readiness asks it for a file. */
  store: FileStore;
  /** True once the app has begun to close. */
  isClosing: () => boolean;
}

/**
 * Liveness (`/api/health`: the process answers and so does its database) and readiness
 * (`/api/health/ready`: this instance should be sent traffic). Neither is rate limited nor
 * needs a token: load balancers and orchestrators call them often and anonymously.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions) {
  app.get('/api/health', async (request, reply) => {
    const database = app.database.kind;
    try {
      await sql`select 1`.execute(app.database.db);
      return { status: 'ok', database };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return reply.status(503).send({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Database unavailable',
        details: { database },
      });
    }
  });

  // 503 tells a load balancer to stop sending requests here: while the database or the file
  // store does not answer, and from the moment the app starts closing, so it drains before the
  // process exits. The answer is the probe's own, never cached by anything in between.
  app.get(
    '/api/health/ready',
    { config: { answersWhileClosing: true } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (options.isClosing()) {
        return reply.status(503).send({
          code: ErrorCode.unavailable,
          message: 'The server is shutting down',
          status: 'shutting-down',
        });
      }
      const parts = await checkReadiness(app.database, options.store, (part, error) =>
        request.log.error({ err: error }, `readiness check: ${part} unreachable`),
      );
      if (parts.database === 'ok' && parts.storage === 'ok') return { status: 'ready', ...parts };
      const failed = Object.entries(parts)
        .filter(([, state]) => state !== 'ok')
        .map(([part]) => part);
      return reply.status(503).send({
        code: ErrorCode.unavailable,
        message: `Not ready: ${failed.join(' and ')} unavailable`,
        status: 'unavailable',
        ...parts,
      });
    },
  );
}
