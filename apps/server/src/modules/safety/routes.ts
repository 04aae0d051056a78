import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, reportBody, resolveReportBody } from '@campuscollab/shared';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { requireKnownProject } from '../../lib/known-project';
import type { Mailer } from '../../lib/mailer';
import type { RequestUser } from '../../plugins/authentication';
import { limitByBody } from '../../plugins/rate-limit';
import { createBackgroundMail } from '../email/background-mail';
import { HIDEABLE_KINDS, setHidden } from './hiding';
import { composeReportEmail } from './report-email';
import { findReportTarget } from './report-targets';
import { forReporter, listReports, resolveReport, storeReport } from './reports';

export interface SafetyRoutesOptions {
  config: Config;
  mailer: Mailer;
}

const HOUR = 60 * 60_000;
/** Per student: more than anyone reports in earnest, too few to flood the operators. */
export const REPORTS_PER_STUDENT_PER_HOUR = 10;
const PAGE_MAX = 100;

const projectParams = z.object({ project: z.string() });
const listQuery = z.strictObject({
  status: z.enum(['open', 'resolved'], { error: 'status must be open or resolved' }).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
const reportParams = projectParams.extend({ id: z.string().min(1).max(64) });
const hiddenParams = projectParams.extend({
  kind: z.enum(HIDEABLE_KINDS, { error: 'kind must be project or profile' }),
  id: z.string().min(1).max(64),
});

/**
 * Reports from students, and the operators' side of safety (docs/security.md): with SERVICE_KEY,
 * list and resolve reports and hide or show a project or profile. Who asks is settled before the
 * input is looked at, so a missing key is a 401 or 403 whatever was sent.
 */
export async function safetyRoutes(app: FastifyInstance, options: SafetyRoutesOptions) {
  const { config, mailer } = options;
  const db = app.database.db;
  const background = createBackgroundMail(app.log);
  app.addHook('onClose', async () => background.settle());

  const reporters = new WeakMap<FastifyRequest, RequestUser>();
  const requireStudent = async (request: FastifyRequest) => {
    requireKnownProject(config.projectId, (request.params as { project: string }).project);
    const user = await app.authentication.requireUser(request);
    reporters.set(request, user);
  };
  const requireOperator = async (request: FastifyRequest) => {
    requireKnownProject(config.projectId, (request.params as { project: string }).project);
    if (app.authentication.isService(request)) return;
    await app.authentication.requireUser(request);
    throw new HttpError(403, ErrorCode.forbidden, 'This needs the service key');
  };
  const perStudent = limitByBody(app, {
    max: REPORTS_PER_STUDENT_PER_HOUR,
    timeWindow: HOUR,
    key: (request) => `reports:${reporters.get(request)!.id}`,
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/safety/:project/reports',
    {
      schema: {
        params: projectParams,
        body: reportBody,
      },
      preValidation: requireStudent,
      preHandler: perStudent,
    },
    async (request, reply) => {
      const reporter = reporters.get(request)!;
      const input = { ...request.body, details: request.body.details ?? null };
      const target = await findReportTarget(db, reporter.id, input.target_kind, input.target_id);
      const report = await storeReport(db, reporter.id, input, target);
      // Only a stored report is announced; the reporter does not wait for the mail server.
      const adminEmail = config.adminEmail;
      if (adminEmail) {
        background.run('report email', () =>
          mailer.send(composeReportEmail(adminEmail, report, target, config.projectId)),
        );
      }
      return reply.status(201).send(forReporter(report));
    },
  );

  api.get(
    '/api/safety/:project/reports',
    {
      schema: {
        params: projectParams,
        querystring: listQuery,
      },
      preValidation: requireOperator,
    },
    async (request) => ({ reports: await listReports(db, request.query) }),
  );

  api.post(
    '/api/safety/:project/reports/:id/resolve',
    {
      schema: {
        params: reportParams,
        body: resolveReportBody,
      },
      preValidation: requireOperator,
    },
    async (request) => resolveReport(db, request.params.id, request.body.note),
  );

  const hiddenRoute = {
    schema: { params: hiddenParams },
    preValidation: requireOperator,
  };
  api.put('/api/safety/:project/hidden/:kind/:id', hiddenRoute, async (request) =>
    setHidden(db, request.params.kind, request.params.id, true),
  );
  api.delete('/api/safety/:project/hidden/:kind/:id', hiddenRoute, async (request) =>
    setHidden(db, request.params.kind, request.params.id, false),
  );
}
