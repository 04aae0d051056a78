import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';
import { startInstances, TEST_PRESENCE_EXPIRY_MS, type Instances } from './helpers/instances';
import { startServerProcess } from './helpers/server-process';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

/** Presence is one list across instances, and a stopped instance's members leave (§2.5). */
describe('presence across instances on one PostgreSQL database', () => {
  let instances: Instances;
  let a: TestApp;
  let b: TestApp;
  let ada: Account;
  let bob: Account;

  beforeAll(async () => {
    instances = await startInstances(2);
    [a, b] = instances.apps as [TestApp, TestApp];
    ada = await createVerifiedAccount(a.baseUrl, 'ada@mit.edu');
    bob = await createVerifiedAccount(a.baseUrl, 'bob@mit.edu');
  });
  afterEach(() => closeAllSockets());
  afterAll(() => instances.close());

  const userIds = (members: unknown) =>
    (members as { userId: string }[]).map((member) => member.userId).sort();

  it('lists members joined on either instance, announces joins and leaves to both', async () => {
    const channel = 'public:cluster-room';
    const adaOnA = await connectSocket(buildSocketUrl(a.baseUrl, ada.access_token));
    const bobOnB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    await bobOnB.call({ type: 'subscribe', channel });

    await adaOnA.call({ type: 'presence', channel, action: 'join', state: { status: 'here' } });
    const joined = await bobOnB.next((frame) => frame.type === 'presence');
    expect(joined).toMatchObject({ event: 'join', member: { userId: ada.user.id } });

    await bobOnB.call({ type: 'presence', channel, action: 'join' });
    const onB = await bobOnB.call({ type: 'presence', channel, action: 'list' });
    const onA = await adaOnA.call({ type: 'presence', channel, action: 'list' });
    expect(userIds(onB.members)).toEqual([ada.user.id, bob.user.id].sort());
    expect(userIds(onA.members)).toEqual(userIds(onB.members));
    expect(onB.members).toContainEqual(expect.objectContaining({ state: { status: 'here' } }));

    await adaOnA.call({ type: 'presence', channel, action: 'leave' });
    expect(await bobOnB.next((frame) => frame.type === 'presence')).toMatchObject({
      event: 'join',
      member: { userId: bob.user.id },
    });
    expect(await bobOnB.next((frame) => frame.type === 'presence')).toMatchObject({
      event: 'leave',
      member: { userId: ada.user.id },
    });
    const after = await bobOnB.call({ type: 'presence', channel, action: 'list' });
    expect(userIds(after.members)).toEqual([bob.user.id]);
  });

  it('expires the members of an instance that stopped without cleanup, and announces it', async () => {
    const channel = 'public:cluster-crash';
    const crashing = await startServerProcess({
      DATABASE_URL: instances.database.location,
      JWT_SECRET: TEST_JWT_SECRET,
      PUBLIC_URL: a.baseUrl,
      PRESENCE_EXPIRY_MS: String(TEST_PRESENCE_EXPIRY_MS),
    });
    try {
      const bobOnB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
      await bobOnB.call({ type: 'subscribe', channel });
      const adaThere = await connectSocket(buildSocketUrl(crashing.baseUrl, ada.access_token));
      expect((await adaThere.call({ type: 'presence', channel, action: 'join' })).type).toBe('ack');
      expect(await bobOnB.next((frame) => frame.type === 'presence')).toMatchObject({
        event: 'join',
        member: { userId: ada.user.id },
      });
      const before = await bobOnB.call({ type: 'presence', channel, action: 'list' });
      expect(userIds(before.members)).toEqual([ada.user.id]);

      await crashing.kill();

      // The other instances remove its rows once they miss their heartbeat for the expiry.
      const left = await bobOnB.next(
        (frame) => frame.type === 'presence',
        TEST_PRESENCE_EXPIRY_MS + 10_000,
      );
      expect(left).toMatchObject({ event: 'leave', member: { userId: ada.user.id } });
      const after = await bobOnB.call({ type: 'presence', channel, action: 'list' });
      expect(after.members).toEqual([]);
    } finally {
      await crashing.kill();
    }
    // A second server process takes seconds to start.
  }, 90_000);
});
