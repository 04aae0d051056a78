import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@campuscollab/shared';
import type { Config } from '../../config';
import { HttpError } from '../../lib/http-error';
import { createStudentAccess } from '../../plugins/student-access';
import { endMembership } from './leave';
import { findTeamRole } from './membership';
import { readTeam } from './team-view';
import { listMyTeams, markTeamRead } from './unread';

export interface TeamRoutesOptions {
  config: Config;
}

// Ids are the table API's (generated or chosen by the client, at most 64 characters).
const id = z.string().min(1).max(64);
const params = z.object({ project: z.string() });
const teamParams = params.extend({ projectId: id });
const memberParams = teamParams.extend({ userId: id });

/**
 * Teams (`/api/teams/{project}/...`): a project's owner and the applicants they accepted
 * (docs/product.md, team space). The chat itself is the realtime channel `team:<project id>`;
 * these routes read the team, count what each member has not read, and end a membership.
 */
export async function teamRoutes(app: FastifyInstance, { config }: TeamRoutesOptions) {
  const access = createStudentAccess(app, config.projectId);
  const guarded = { preValidation: access.settle };
  const api = app.withTypeProvider<ZodTypeProvider>();
  const database = app.database;
  const db = database.db;

  api.get('/api/teams/:project', { schema: { params }, ...guarded }, (request) =>
    listMyTeams(database, access.studentOf(request).id),
  );

  api.get(
    '/api/teams/:project/:projectId',
    { schema: { params: teamParams }, ...guarded },
    (request) => readTeam(database, request.params.projectId, access.studentOf(request).id),
  );

  api.post(
    '/api/teams/:project/:projectId/read',
    { schema: { params: teamParams }, ...guarded },
    async (request) => {
      const { projectId } = request.params;
      const userId = access.studentOf(request).id;
      if (!(await findTeamRole(database, projectId, userId))) {
        throw new HttpError(404, ErrorCode.notFound, 'You are not on this project’s team');
      }
      const readAt = new Date().toISOString();
      await markTeamRead(db, projectId, userId, readAt);
      return { projectId, readAt };
    },
  );

  api.delete(
    '/api/teams/:project/:projectId/members/:userId',
    { schema: { params: memberParams }, ...guarded },
    async (request, reply) => {
      const { projectId, userId } = request.params;
      await endMembership(database, app.events, {
        projectId,
        memberId: userId,
        actorId: access.studentOf(request).id,
        now: new Date().toISOString(),
      });
      return reply.status(204).send();
    },
  );
}
