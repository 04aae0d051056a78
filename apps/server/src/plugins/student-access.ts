import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { requireKnownProject } from '../lib/known-project';
import type { RequestUser } from './authentication';
import { limitByBody } from './rate-limit';

const MINUTE = 60_000;

/**
 * Who is calling an endpoint that works for one signed-in student (the data and AI endpoints),
 * and how often they may. `settle` runs as an early hook, before the body is looked at, so no
 * token is a 401 whatever was sent and a student's limits count only their own calls.
 */
export interface StudentAccess {
  /** 404 for another project, 401 without a signed-in student; remembers the student. */
  settle(request: FastifyRequest): Promise<void>;
  /** The student `settle` found. */
  studentOf(request: FastifyRequest): RequestUser;
  /** A per-student limit per minute, counted under `name` (429 past it). */
  limitPerMinute(name: string, max: number): preHandlerAsyncHookHandler;
}

export function createStudentAccess(app: FastifyInstance, projectId: string): StudentAccess {
  const students = new WeakMap<FastifyRequest, RequestUser>();
  const studentOf = (request: FastifyRequest) => students.get(request)!;
  return {
    async settle(request) {
      requireKnownProject(projectId, (request.params as { project: string }).project);
      students.set(request, await app.authentication.requireUser(request));
    },
    studentOf,
    limitPerMinute: (name, max) =>
      limitByBody(app, {
        max,
        timeWindow: MINUTE,
        key: (request) => `${name}:${studentOf(request).id}`,
      }),
  };
}
