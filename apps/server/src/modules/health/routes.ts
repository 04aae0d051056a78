import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';

/** 200 with the database kind when the database answers a query, 503 when it does not. */
export async function healthRoutes(app: FastifyInstance) {
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
}
