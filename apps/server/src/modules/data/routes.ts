import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config';
import { fetchOutbound } from '../../lib/outbound/fetch-outbound';
import type { RequestUser } from '../../plugins/authentication';
import { limitByBody } from '../../plugins/rate-limit';
import { fetchBody } from './fetch-body';
import { requireKnownProject } from '../../lib/known-project';
import { registerScreenshotRoute } from './screenshot/screenshot-route';
import type { StudentFiles } from '../storage/student-files';

export interface DataRoutesOptions {
  config: Config;
  /** Where screenshots are saved, in the student's folder. */
  files: StudentFiles;
}

const MINUTE = 60_000;
/** Per student: plenty for pasting links, too few to turn an account into a crawler. */
const DATA_REQUESTS_PER_MINUTE = 30;

/**
 * The data endpoints (`/api/data/{project}/...`), each reaching the outside world through the
 * guarded fetcher (lib/outbound), so no student can point the server at its own network.
 */
export async function dataRoutes(app: FastifyInstance, options: DataRoutesOptions) {
  const { config } = options;
  const users = new WeakMap<object, RequestUser>();
  const perUser = limitByBody(app, {
    max: DATA_REQUESTS_PER_MINUTE,
    timeWindow: MINUTE,
    key: (request) => `data:${users.get(request)!.id}`,
  });
  const params = z.object({ project: z.string() });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/data/:project/fetch',
    {
      schema: { params, body: fetchBody },
      // Who is asking is settled before the body is looked at: no token is a 401 whatever it sent.
      preValidation: async (request) => {
        const { project } = request.params as { project: string };
        requireKnownProject(config.projectId, project);
        users.set(request, await app.authentication.requireUser(request));
      },
      preHandler: perUser,
    },
    async (request) => {
      const { url, method, headers, body } = request.body;
      const answer = await fetchOutbound(
        url,
        { method, headers, body },
        { allowedHosts: config.dataAllowedHosts },
      );
      return { status: answer.status, headers: answer.headers, body: answer.body.toString('utf8') };
    },
  );

  await registerScreenshotRoute(app, { config, files: options.files });
}
