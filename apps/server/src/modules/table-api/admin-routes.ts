import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, TABLE_API_MAX_ROWS } from '@campuscollab/shared';
import type { Config } from '../../config';
import { AdminSqlError, type AdminStatement } from '../../db/dialects/admin-sql';
import { HttpError } from '../../lib/http-error';
import { requireKnownProject } from '../../lib/known-project';

const STATEMENT_TIMEOUT_MS = 5000;

const statement = z.object({
  query: z.string().trim().min(1, 'query is required').max(100_000),
  params: z
    .array(z.union([z.string(), z.number(), z.boolean(), z.null()]))
    .max(100)
    .default([]),
});
const batchBody = z.object({
  statements: z.array(statement).min(1, 'statements must not be empty').max(100),
  mode: z.enum(['read', 'write']).default('write'),
});

/**
 * POST /sql and /batch: raw SQL for server-to-server callers holding SERVICE_KEY (403 for a
 * student's token). Each call is one transaction that rolls back whole on any error, with a
 * statement timeout and at most 1000 rows per statement.
 */
export async function adminSqlRoutes(app: FastifyInstance, options: { config: Config }) {
  const requireService = async (request: FastifyRequest, project: string) => {
    requireKnownProject(options.config.projectId, project);
    if (app.authentication.isService(request)) return;
    await app.authentication.requireUser(request);
    throw new HttpError(403, ErrorCode.forbidden, 'Raw SQL needs the service key');
  };

  const run = async (statements: AdminStatement[], readOnly: boolean) => {
    try {
      return await app.database.runAdminStatements(statements, {
        readOnly,
        timeoutMs: STATEMENT_TIMEOUT_MS,
        maxRows: TABLE_API_MAX_ROWS,
      });
    } catch (error) {
      if (!(error instanceof AdminSqlError)) throw error;
      throw new HttpError(error.timedOut ? 408 : 400, error.code, error.message);
    }
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ project: z.string() });

  api.post('/api/db/:project/sql', { schema: { params, body: statement } }, async (request) => {
    await requireService(request, request.params.project);
    const [result] = await run([request.body], false);
    return result;
  });

  api.post('/api/db/:project/batch', { schema: { params, body: batchBody } }, async (request) => {
    await requireService(request, request.params.project);
    return { results: await run(request.body.statements, request.body.mode === 'read') };
  });
}
