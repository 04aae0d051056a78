import type { FastifyInstance } from 'fastify';
import type { LiveFrame } from '@campuscollab/shared';
import type { DatabaseHandle } from '../db/dialects/types';
import { createSingleInstanceBus, type ClusterBus } from '../lib/cluster/cluster-bus';
import { createPostgresBus } from '../lib/cluster/postgres-bus';
import type { EndedSessions } from './live-sessions';

/** What one instance tells the others (docs/architecture.md §2.5). */
export interface ClusterTopics {
  /** A live frame delivered here, for the subscribers on the other instances. */
  'realtime.frame': { channel: string; frame: LiveFrame };
  /** Sign-ins ended here: the others forget them and close their sockets. */
  'sessions.ended': EndedSessions & { accountDeleted: boolean };
  /** A student lost a channel here (left a team): the others drop their sockets' use of it. */
  'realtime.access.ended': { accountId: string; channel: string };
}

export type AppClusterBus = ClusterBus<ClusterTopics>;

declare module 'fastify' {
  interface FastifyInstance {
    cluster: AppClusterBus;
  }
}

export interface ClusterOptions {
  /** First wait before the listener reconnects (tests shorten it). */
  reconnectMinMs?: number;
}

/**
 * The bus between instances: LISTEN/NOTIFY on PostgreSQL, where any number of instances share
 * the database; none on SQLite, which one process owns. Ended sign-ins and deleted accounts are
 * sent on at once, so every instance refuses their tokens and closes their sockets, not only
 * the one that answered the logout (docs/security.md).
 */
export async function registerCluster(
  app: FastifyInstance,
  database: DatabaseHandle,
  options: ClusterOptions = {},
): Promise<void> {
  const bus: AppClusterBus =
    database.kind === 'postgres' && database.connectionString
      ? await createPostgresBus<ClusterTopics>({
          db: database.db,
          connectionString: database.connectionString,
          log: app.log,
          reconnectMinMs: options.reconnectMinMs,
        })
      : createSingleInstanceBus<ClusterTopics>();
  app.decorate('cluster', bus);
  app.addHook('onClose', () => bus.close());
  app.events.on('sessions.ended', (ended) =>
    bus.publish('sessions.ended', { ...ended, accountDeleted: false }),
  );
  app.events.on('account.deleted', ({ accountId }) =>
    bus.publish('sessions.ended', { accountId, sessionIds: null, accountDeleted: true }),
  );
}
