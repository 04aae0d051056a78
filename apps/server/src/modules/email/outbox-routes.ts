import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const query = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** GET /dev/outbox: the newest emails of the dev outbox (not registered in production). */
export async function outboxRoutes(app: FastifyInstance) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get('/dev/outbox', { schema: { querystring: query } }, async (request) => {
      let select = app.database.db
        .selectFrom('email_outbox')
        .select([
          'id',
          'to_address as to',
          'subject',
          'text_body as text',
          'html_body as html',
          'created_at as createdAt',
        ])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(request.query.limit);
      if (request.query.to) select = select.where('to_address', '=', request.query.to);
      return { emails: await select.execute() };
    });
}
