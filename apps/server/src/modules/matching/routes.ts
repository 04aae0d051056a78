import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { createStudentAccess } from '../../plugins/student-access';
import { matchQuery } from './match-query';
import { recommendPeople, recommendProjects } from './recommend';

/**
 * "Recommended for you" (`/api/match/{project}/projects|people`): projects that need what I
 * know, students who know what my projects need. Computed in SQL over the tag tables of
 * migration 018, a page at a time.
 */
export async function matchingRoutes(app: FastifyInstance, options: { config: Config }) {
  const params = z.object({ project: z.string() });
  const access = createStudentAccess(app, options.config.projectId);
  const perStudent = access.limitPerMinute('match', options.config.rateLimits.matchPerMinute);
  const guarded = { preValidation: access.settle, preHandler: perStudent };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get(
    '/api/match/:project/projects',
    { schema: { params, querystring: matchQuery }, ...guarded },
    (request) => recommendProjects(app.database, access.studentOf(request), request.query),
  );
  api.get(
    '/api/match/:project/people',
    { schema: { params, querystring: matchQuery }, ...guarded },
    (request) => recommendPeople(app.database, access.studentOf(request), request.query),
  );
}
