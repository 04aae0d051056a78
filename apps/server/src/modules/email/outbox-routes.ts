import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@campuscollab/shared';
import { isLoopbackAddress } from '../../lib/client-address';
import { HttpError } from '../../lib/http-error';

const query = z.object({
  to: z.string().trim().toLowerCase().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/**
 * GET /dev/outbox: the newest emails of the dev outbox. Not registered in production; and since
 * it lists every verification link, which opens the account it was sent for, it answers only to
 * this machine. `request.ip` is the client a trusted proxy names (TRUST_PROXY), so a remote
 * visitor coming through a proxy on this machine is not taken for a local one.
 */
export async function outboxRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/dev/outbox',
    {
      schema: { querystring: query },
      onRequest: async (request) => {
        if (isLoopbackAddress(request.ip)) return;
        throw new HttpError(
          403,
          ErrorCode.forbidden,
          'The dev outbox answers only to the machine the server runs on',
          { hint: 'Read it there, for example with curl localhost:3000/dev/outbox' },
        );
      },
    },
    async (request) => {
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
    },
  );
}
