import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode, REALTIME_HEARTBEAT_MS, REALTIME_TIMEOUT_MS } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import type { AppMetrics } from '../metrics/app-metrics';
import { startHeartbeat } from './heartbeat';
import { createHistoryStore, DEFAULT_HISTORY, type HistoryOptions } from './history';
import { registerHttpRoutes } from './http-routes';
import { createClusterHub, type PresenceTimings } from './cluster-hub';
import { createMemoryHub, type RealtimeHub } from './hub';
import { findTeamRole } from '../teams/membership';
import { CloseCode, DEFAULT_LIMITS, type RealtimeLimits } from './protocol';
import { forwardDomainEvents } from './server-events';
import { createRealtimeService, createSocketRegistry } from './service';
import { registerSocketRoute } from './socket-route';

export interface RealtimeRoutesOptions {
  /** The `{project}` path segment served; any other is 404. */
  projectId: string;
  /** Ping interval (25 s, docs/product.md §9); a socket silent a whole interval is terminated. */
  heartbeatMs?: number;
  /** Time a socket opened without `?token=` must authenticate: 10 s (docs/realtime-protocol.md). */
  authTimeoutMs?: number;
  limits?: Partial<RealtimeLimits>;
  history?: Partial<HistoryOptions>;
  connectionsPerMinute?: number;
  /** Replaces the hub chosen by the cluster bus (memory for one process, PostgreSQL otherwise). */
  hub?: RealtimeHub;
  /** Where the count of open sockets is reported, read on each scrape. */
  metrics?: AppMetrics;
  /** Presence heartbeat and expiry across instances (tests shorten them). */
  presence?: Partial<PresenceTimings>;
}

/**
 * Realtime channels over WebSocket and HTTP: docs/realtime-protocol.md is the contract,
 * docs/decisions/008-realtime.md the reasons.
 */
export async function realtimeRoutes(app: FastifyInstance, options: RealtimeRoutesOptions) {
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const sockets = createSocketRegistry();
  const history = createHistoryStore(app.database.db, { ...DEFAULT_HISTORY, ...options.history });
  const hub =
    options.hub ??
    (app.cluster.shared
      ? createClusterHub({
          bus: app.cluster,
          db: app.database.db,
          log: app.log,
          timings: options.presence,
        })
      : createMemoryHub());
  const service = createRealtimeService(
    hub,
    history,
    sockets,
    async (projectId, userId) => (await findTeamRole(app.database, projectId, userId)) !== null,
  );
  const heartbeat = startHeartbeat(options.heartbeatMs ?? REALTIME_HEARTBEAT_MS);
  options.metrics?.gaugeOnScrape(
    'campuscollab_realtime_open_sockets',
    'Realtime WebSocket connections open on this instance',
    () => sockets.count(),
  );

  await app.register(websocket, {
    // ws itself refuses bigger frames (close 1009) before buffering them whole.
    options: { maxPayload: limits.maxFrameBytes },
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'realtime socket error');
      // ws is already closing after a protocol error (such as 1009); let its close frame out.
      if (socket.readyState === socket.OPEN) socket.terminate();
    },
    // Say why to every client, so the SDK reconnects elsewhere rather than reporting a fault.
    preClose: (done) => {
      heartbeat.stop();
      sockets.closeAll(CloseCode.goingAway, 'Server shutting down');
      app.websocketServer.close();
      done();
    },
  });

  app.addHook('onRequest', async (request: FastifyRequest) => {
    const { project } = request.params as { project?: string };
    if (project !== options.projectId) {
      throw new HttpError(404, ErrorCode.notFound, `Project "${project}" not found`);
    }
  });

  registerSocketRoute(app, {
    context: {
      service,
      limits,
      authentication: app.authentication,
      authTimeoutMs: options.authTimeoutMs ?? REALTIME_TIMEOUT_MS,
      log: app.log,
    },
    heartbeat,
    sockets,
    connectionsPerMinute: options.connectionsPerMinute ?? 120,
  });
  registerHttpRoutes(app, service, limits);

  const stopForwarding = forwardDomainEvents(app.events, service, app.cluster);
  // Sign-ins ended on another instance close their sockets here too (docs/security.md).
  const stopHearing = app.cluster.subscribe('sessions.ended', ({ accountDeleted, ...ended }) =>
    sockets.closeSignedInSockets(
      ended,
      CloseCode.unauthorized,
      accountDeleted ? 'Account deleted' : 'Session ended',
    ),
  );
  // A student who left a team loses its channel on every instance's sockets (docs/security.md).
  const stopHearingAccess = app.cluster.subscribe(
    'realtime.access.ended',
    ({ accountId, channel }) => sockets.endChannelAccess(accountId, channel),
  );
  app.addHook('onClose', async () => {
    stopForwarding();
    stopHearing();
    stopHearingAccess();
    heartbeat.stop();
    await hub
      .close()
      .catch((error: unknown) => app.log.error({ err: error }, 'realtime hub close failed'));
  });
}
