import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Config } from '../../config';
import { requireKnownProject } from '../../lib/known-project';
import type { RequestUser } from '../../plugins/authentication';
import { limitByBody } from '../../plugins/rate-limit';

const MINUTE = 60_000;
/** Per student, all data endpoints together: plenty for pasting links, too few for a crawler. */
const DATA_REQUESTS_PER_MINUTE = 30;

export interface DataAccess {
  /** Project and student, settled before the body is looked at: no token is a 401 whatever it sent. */
  preValidation: (request: FastifyRequest) => Promise<void>;
  /** The shared per-student budget of every data endpoint. */
  preHandler: preHandlerAsyncHookHandler;
  /** The student `preValidation` settled. */
  studentOf(request: FastifyRequest): RequestUser;
  /** A tighter per-student limit for one costly endpoint, on top of the shared one. */
  limitPerMinute(name: string, max: number): preHandlerAsyncHookHandler;
}

/** Who may call the data endpoints, and how often (docs/security.md, Limits). */
export function createDataAccess(app: FastifyInstance, config: Config): DataAccess {
  const students = new WeakMap<FastifyRequest, RequestUser>();
  const studentOf = (request: FastifyRequest) => students.get(request)!;
  const limitPerMinute = (name: string, max: number) =>
    limitByBody(app, {
      max,
      timeWindow: MINUTE,
      key: (request) => `${name}:${studentOf(request).id}`,
    });
  return {
    preValidation: async (request) => {
      const { project } = request.params as { project: string };
      requireKnownProject(config.projectId, project);
      students.set(request, await app.authentication.requireUser(request));
    },
    preHandler: limitPerMinute('data', DATA_REQUESTS_PER_MINUTE),
    studentOf,
    limitPerMinute,
  };
}
