import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import { describeUnsafeJson } from '../../lib/json-limits';
import { requireTeamMessage, type RealtimeActor } from './channels';
import {
  EVENT_NAME,
  HISTORY_DEFAULT_LIMIT,
  HISTORY_MAX_LIMIT,
  type RealtimeLimits,
} from './protocol';
import type { RealtimeService } from './service';

const channel = z.string().min(1).max(200);

const publishBody = z.object({
  channel,
  event: z.string().regex(EVENT_NAME, 'event must be 1-100 letters, digits or _ . : -'),
  payload: z.json().optional(),
});

const messagesQuery = z.object({
  channel,
  limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
  before: z.string().min(1).max(100).optional(),
});

const MINUTE = 60_000;

/**
 * The HTTP side of realtime (docs/product.md §7.4): publish, presence and history for callers
 * without a socket, such as another server holding SERVICE_KEY, which may use any channel.
 */
export function registerHttpRoutes(
  app: FastifyInstance,
  service: RealtimeService,
  limits: RealtimeLimits,
): void {
  const actors = new WeakMap<FastifyRequest, RealtimeActor>();
  // Before validation, so an anonymous caller learns it needs a token (401), not a body shape.
  const identify = async (request: FastifyRequest) => {
    const actor: RealtimeActor = app.authentication.isService(request)
      ? { kind: 'service' }
      : { kind: 'user', userId: (await app.authentication.requireUser(request)).id };
    actors.set(request, actor);
  };
  const actorOf = (request: FastifyRequest) => actors.get(request)!;
  // Validation recurses into the payload (z.json()); a deep one would exhaust the stack there.
  const requireSafePayload = async (request: FastifyRequest) => {
    const unsafe = describeUnsafeJson(request.body);
    if (unsafe) throw new HttpError(400, ErrorCode.validation, unsafe);
  };
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post(
    '/api/realtime/:project/publish',
    {
      schema: { body: publishBody },
      // The same bound as a socket frame: history rows stay small whichever way they came.
      bodyLimit: limits.maxMessageBytes,
      config: { rateLimit: { max: limits.messagesPerSecond * 60, timeWindow: MINUTE } },
      preValidation: [identify, requireSafePayload],
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { body } = request;
      await service.requireAccess(actor, body.channel, 'publish');
      if (actor.kind === 'user') requireTeamMessage(body.channel, body.event, body.payload);
      const message = await service.publishMessage({
        channel: body.channel,
        event: body.event,
        payload: body.payload,
        senderId: actor.kind === 'user' ? actor.userId : null,
      });
      return reply.status(201).send({ message });
    },
  );

  api.get(
    '/api/realtime/:project/presence',
    { schema: { querystring: z.object({ channel }) }, preValidation: identify },
    async (request) => {
      const { channel: name } = request.query;
      await service.requireAccess(actorOf(request), name, 'read');
      return { channel: name, members: await service.hub.listPresence(name) };
    },
  );

  api.get(
    '/api/realtime/:project/messages',
    { schema: { querystring: messagesQuery }, preValidation: identify },
    async (request) => {
      const { channel: name, limit, before } = request.query;
      await service.requireAccess(actorOf(request), name, 'read');
      return {
        channel: name,
        messages: await service.history.listMessages(name, { limit, before }),
      };
    },
  );
}
