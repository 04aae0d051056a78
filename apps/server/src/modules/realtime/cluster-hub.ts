import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { LiveFrame, PresenceMember } from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { databaseNowMs } from '../../lib/cluster/postgres-bus';
import type { AppClusterBus } from '../../plugins/cluster';
import { createLocalFanout, type RealtimeHub } from './hub';
import { createPresenceBook } from './presence-book';

export interface PresenceTimings {
  /** Entries not marked fresh for this long belong to a stopped instance and are removed. */
  expiryMs: number;
  /** How often an instance marks its entries fresh: a fifth of the expiry unless given. */
  heartbeatMs?: number;
}

export const DEFAULT_PRESENCE_EXPIRY_MS = 30_000;

export interface ClusterHubOptions {
  bus: AppClusterBus;
  db: Kysely<Database>;
  log: FastifyBaseLogger;
  timings?: Partial<PresenceTimings>;
}

const parseMember = (text: string) => JSON.parse(text) as PresenceMember;

/**
 * The hub for several instances on one PostgreSQL database (docs/architecture.md §2.5). Frames
 * reach this instance's subscribers at once and the others' through the cluster bus; the echo
 * of our own NOTIFY never comes back, so each socket gets a frame once. Presence lives in
 * `realtime_presence`, one row per (instance, channel, student), which every instance's
 * heartbeat keeps fresh; any instance removes the rows of one that stopped and announces
 * the leaves.
 */
export function createClusterHub(options: ClusterHubOptions): RealtimeHub {
  const { bus, db, log } = options;
  const expiryMs = options.timings?.expiryMs ?? DEFAULT_PRESENCE_EXPIRY_MS;
  // Several beats fit in one expiry, so a slow query or two never makes a live instance expire.
  const heartbeatMs = options.timings?.heartbeatMs ?? Math.floor(expiryMs / 5);
  const instanceId = bus.instanceId;
  const local = createLocalFanout();
  const presence = createPresenceBook();
  // The entries whose row is written. A join still being written has no row yet, so the
  // heartbeat counts only these when it looks for rows another instance expired.
  const written = new Set<string>();
  const keyOf = (channel: string, userId: string) => `${channel}\n${userId}`;
  // Stopping: close() removes every row of ours, so leaves no longer touch the table one by one.
  let stopping = false;
  let closed = false;

  const unsubscribe = bus.subscribe('realtime.frame', ({ channel, frame }) =>
    local.deliver(channel, frame),
  );

  const broadcast = async (channel: string, frame: LiveFrame) => {
    local.deliver(channel, frame);
    if (closed) return;
    try {
      await bus.publish('realtime.frame', { channel, frame });
    } catch (error) {
      // Delivered here and kept in history; the other instances' clients catch up from there.
      log.error({ err: error, channel }, 'realtime frame not sent to the other instances');
    }
  };

  const writeEntry = (channel: string, member: PresenceMember) =>
    db
      .insertInto('realtime_presence')
      .values({
        instance_id: instanceId,
        channel,
        user_id: member.userId,
        member: JSON.stringify(member),
        heartbeat_at: databaseNowMs,
      })
      .onConflict((conflict) =>
        conflict.columns(['instance_id', 'channel', 'user_id']).doUpdateSet((eb) => ({
          member: eb.ref('excluded.member'),
          heartbeat_at: eb.ref('excluded.heartbeat_at'),
        })),
      )
      .execute();

  const deleteEntry = (channel: string, userId: string) =>
    db
      .deleteFrom('realtime_presence')
      .where('instance_id', '=', instanceId)
      .where('channel', '=', channel)
      .where('user_id', '=', userId)
      .execute();

  const fresh = sql<boolean>`heartbeat_at > ${databaseNowMs} - ${expiryMs}`;

  /** Announces a leave unless the student is still on the channel through another instance. */
  const announceLeave = async (channel: string, member: PresenceMember) => {
    const elsewhere = await db
      .selectFrom('realtime_presence')
      .select('instance_id')
      .where('channel', '=', channel)
      .where('user_id', '=', member.userId)
      .where(fresh)
      .limit(1)
      .executeTakeFirst();
    if (!elsewhere) await broadcast(channel, { type: 'presence', channel, event: 'leave', member });
  };

  /**
   * Writes again, and announces again, the entries whose rows are gone although they were
   * written and not left: this instance stalled past the expiry and another removed them.
   */
  const restoreExpired = async () => {
    // Only entries written before the rows are read: a join that commits meanwhile is not missing.
    const before = new Set(written);
    const rows = await db
      .selectFrom('realtime_presence')
      .select(['channel', 'user_id'])
      .where('instance_id', '=', instanceId)
      .execute();
    const kept = new Set(rows.map((row) => keyOf(row.channel, row.user_id)));
    for (const { channel, member } of presence.entries()) {
      const key = keyOf(channel, member.userId);
      if (kept.has(key) || !before.has(key) || !written.has(key)) continue;
      await writeEntry(channel, member);
      await broadcast(channel, { type: 'presence', channel, event: 'join', member });
    }
  };

  const heartbeat = async () => {
    const expected = written.size;
    const marked = await db
      .updateTable('realtime_presence')
      .set({ heartbeat_at: databaseNowMs })
      .where('instance_id', '=', instanceId)
      .executeTakeFirst();
    // Fewer rows than written entries: some expired, or a leave removed one meanwhile.
    if (Number(marked.numUpdatedRows) < expected) await restoreExpired();
    const expired = await db
      .deleteFrom('realtime_presence')
      .where('heartbeat_at', '<=', sql<number>`${databaseNowMs} - ${expiryMs}`)
      .returning(['channel', 'member'])
      .execute();
    for (const row of expired) await announceLeave(row.channel, parseMember(row.member));
  };

  let beating = false;
  const timer = setInterval(() => {
    if (beating || stopping) return;
    beating = true;
    heartbeat()
      .catch((error: unknown) => log.error({ err: error }, 'realtime presence heartbeat failed'))
      .finally(() => (beating = false));
  }, heartbeatMs);
  timer.unref();

  return {
    subscribe: local.subscribe,
    unsubscribe: local.unsubscribe,
    broadcast,
    async joinPresence(channel, connectionId, userId, state) {
      const member = presence.join(channel, connectionId, userId, state);
      await writeEntry(channel, member);
      // The connection closed while the row was written: its leave may have run before the
      // insert, so the row goes now, and no one hears of a join that already ended.
      if (!presence.get(channel, userId)) {
        await deleteEntry(channel, userId);
        return;
      }
      written.add(keyOf(channel, userId));
      await broadcast(channel, { type: 'presence', channel, event: 'join', member });
    },
    async leavePresence(channel, connectionId, userId) {
      const member = presence.leave(channel, connectionId, userId);
      if (!member) return;
      written.delete(keyOf(channel, userId));
      if (stopping) return;
      await deleteEntry(channel, userId);
      await announceLeave(channel, member);
    },
    async listPresence(channel) {
      const rows = await db
        .selectFrom('realtime_presence')
        .select(['user_id', 'member'])
        .where('channel', '=', channel)
        .where(fresh)
        .execute();
      // A student present through several instances is one member, as with several tabs.
      const members = new Map<string, PresenceMember>();
      for (const row of rows) {
        const member = parseMember(row.member);
        const known = members.get(row.user_id);
        if (!known || member.joinedAt < known.joinedAt) members.set(row.user_id, member);
      }
      return [...members.values()];
    },
    async close() {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      // Leaves are announced while the bus still runs; the sockets are closing meanwhile.
      const mine = await db
        .deleteFrom('realtime_presence')
        .where('instance_id', '=', instanceId)
        .returning(['channel', 'member'])
        .execute();
      for (const row of mine) await announceLeave(row.channel, parseMember(row.member));
      closed = true;
      unsubscribe();
    },
  };
}
