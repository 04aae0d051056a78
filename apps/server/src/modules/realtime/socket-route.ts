import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '@campuscollab/shared';
import type { VerifiedAccessToken } from '../../plugins/authentication';
import { serveConnection, type ConnectionContext } from './connection';
import type { Heartbeat } from './heartbeat';
import type { SocketRegistry } from './service';

export interface SocketRouteOptions {
  context: ConnectionContext;
  heartbeat: Heartbeat;
  sockets: SocketRegistry;
  /** New sockets per IP and minute: each one costs a verification and a heartbeat slot. */
  connectionsPerMinute: number;
}

/**
 * `GET /api/realtime/:project` upgraded to a WebSocket. Browsers cannot set headers on a
 * WebSocket, so the access token comes as `?token=`; a bad one refuses the upgrade with 401.
 * Without it, the socket opens and must send an `auth` message first.
 */
export function registerSocketRoute(app: FastifyInstance, options: SocketRouteOptions): void {
  const { context, heartbeat, sockets } = options;
  const verified = new WeakMap<FastifyRequest, VerifiedAccessToken>();

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: '/api/realtime/:project',
    schema: { querystring: z.object({ token: z.string().min(1).max(4096).optional() }) },
    config: { rateLimit: { max: options.connectionsPerMinute, timeWindow: 60_000 } },
    preHandler: async (request) => {
      const { token } = request.query;
      if (token) verified.set(request, await context.authentication.verifyAccessToken(token));
    },
    handler: async (_request, reply) =>
      reply.status(426).header('upgrade', 'websocket').send({
        code: ErrorCode.validation,
        message: 'This endpoint speaks WebSocket only; see docs/realtime-protocol.md',
      }),
    wsHandler: (socket, request) => {
      heartbeat.track(socket);
      const connection = serveConnection(
        socket,
        request.socket,
        verified.get(request) ?? null,
        context,
      );
      sockets.add(socket, connection);
    },
  });
}
