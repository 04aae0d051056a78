import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresBus } from '../../src/lib/cluster/postgres-bus';
import { createClusterHub } from '../../src/modules/realtime/cluster-hub';
import type { RealtimeHub } from '../../src/modules/realtime/hub';
import type { ClusterTopics } from '../../src/plugins/cluster';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';

interface PresenceFrame {
  type: string;
  channel: string;
  event: 'join' | 'leave';
  member: { userId: string };
}

/**
 * A heartbeat that runs while a join is still being written must not take the unwritten entry
 * for one another instance expired: students would see the same arrival announced twice.
 */
describe('presence heartbeat racing joins and leaves on one instance', () => {
  let database: TestDatabase;
  let hub: RealtimeHub;
  let closeBus: () => Promise<void>;
  const frames: PresenceFrame[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    const log = pino({ level: 'silent' });
    const bus = await createPostgresBus<ClusterTopics>({
      db: database.db,
      connectionString: database.location,
      log,
    });
    closeBus = () => bus.close();
    // A beat every millisecond lands inside nearly every join's write; nothing expires.
    hub = createClusterHub({
      bus,
      db: database.db,
      log,
      timings: { expiryMs: 60_000, heartbeatMs: 1 },
    });
  });
  afterAll(async () => {
    await hub.close();
    await closeBus();
    await database.drop();
  });

  const watch = (channel: string) =>
    hub.subscribe(channel, (encoded) => {
      frames.push(JSON.parse(encoded.toString('utf8')) as PresenceFrame);
    });
  const announced = (event: 'join' | 'leave', channel: string, userId: string) =>
    frames.filter(
      (frame) =>
        frame.type === 'presence' &&
        frame.event === event &&
        frame.channel === channel &&
        frame.member.userId === userId,
    ).length;
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('announces each join once and each leave once, however the beats fall', async () => {
    const channels = Array.from({ length: 10 }, (_, index) => `public:race-${index}`);
    const users = Array.from({ length: 20 }, (_, index) => `user-${index}`);
    channels.forEach(watch);

    for (const userId of users) {
      await Promise.all(
        channels.map((channel) => hub.joinPresence(channel, `${userId}-tab`, userId, {})),
      );
    }
    await pause(50);
    for (const channel of channels) {
      for (const userId of users) expect(announced('join', channel, userId)).toBe(1);
      const listed = await hub.listPresence(channel);
      expect(listed.map((member) => member.userId).sort()).toEqual([...users].sort());
    }

    for (const userId of users) {
      await Promise.all(
        channels.map((channel) => hub.leavePresence(channel, `${userId}-tab`, userId)),
      );
    }
    await pause(50);
    for (const channel of channels) {
      for (const userId of users) {
        expect(announced('leave', channel, userId)).toBe(1);
        expect(announced('join', channel, userId)).toBe(1);
      }
      expect(await hub.listPresence(channel)).toEqual([]);
    }
  });

  it('writes back, and announces once more, an entry whose row another instance expired', async () => {
    const channel = 'public:race-expired';
    watch(channel);
    await hub.joinPresence(channel, 'ada-tab', 'ada', { status: 'here' });
    // What another instance's sweep does to the rows of one that stalled past the expiry.
    await database.db.deleteFrom('realtime_presence').where('channel', '=', channel).execute();

    await expect.poll(() => hub.listPresence(channel)).toHaveLength(1);
    await pause(50);
    expect(announced('join', channel, 'ada')).toBe(2);
    expect(await hub.listPresence(channel)).toEqual([
      expect.objectContaining({ userId: 'ada', state: { status: 'here' } }),
    ]);
  });
});
