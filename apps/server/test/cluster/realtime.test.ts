import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, type TestApp } from '../helpers/test-app';
import { LISTENER_NAME } from '../../src/lib/cluster/postgres-bus';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';
import { queryDirectly, startInstances, type Instances } from './helpers/instances';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

/** Two instances on one PostgreSQL database deliver live frames as one (architecture §2.5). */
describe('realtime across two instances on one PostgreSQL database', () => {
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

  const messageFrames = (frame: { type: string }) => frame.type === 'message';

  it('delivers a message written through A to its recipient listening on B', async () => {
    const inbox = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    await inbox.call({ type: 'subscribe', channel: `user:${bob.user.id}` });

    const sent = await request(a.baseUrl, 'POST', '/api/db/campus/rest/v1/messages', {
      token: ada.access_token,
      body: { id: 'm_cluster', recipient_id: bob.user.id, subject: 'Robots?', message: 'Join' },
    });
    expect(sent.status).toBe(201);

    const live = await inbox.next(messageFrames);
    expect(live).toMatchObject({
      channel: `user:${bob.user.id}`,
      event: 'message.created',
      payload: { id: 'm_cluster', senderId: ada.user.id, subject: 'Robots?' },
    });
    // History is the database's, so B finds it too.
    const history = await inbox.call({ type: 'history', channel: `user:${bob.user.id}` });
    expect(history.messages).toEqual([expect.objectContaining({ id: live.id })]);
  });

  it('delivers a broadcast on B to sockets on A and on B, each exactly once', async () => {
    const channel = 'public:cluster-once';
    const onA = await connectSocket(buildSocketUrl(a.baseUrl, ada.access_token));
    const onB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    await onA.call({ type: 'subscribe', channel });
    await onB.call({ type: 'subscribe', channel });

    const first = await onB.call({ type: 'publish', channel, event: 'note', payload: 1 });
    const second = await onB.call({ type: 'publish', channel, event: 'note', payload: 2 });
    expect([first.type, second.type]).toEqual(['ack', 'ack']);

    // A duplicate of the first would arrive before the second: the order is kept per instance.
    for (const socket of [onA, onB]) {
      const received = [await socket.next(messageFrames), await socket.next(messageFrames)];
      expect(received.map((frame) => [frame.id, frame.payload, frame.senderId])).toEqual([
        [first.id, 1, bob.user.id],
        [second.id, 2, bob.user.id],
      ]);
    }
  });

  it('delivers a message bigger than a NOTIFY payload (8000 bytes)', async () => {
    const channel = 'public:cluster-big';
    const onB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    await onB.call({ type: 'subscribe', channel });
    const payload = { text: 'é'.repeat(15_000), list: Array.from({ length: 200 }, (_, i) => i) };

    const sent = await request(a.baseUrl, 'POST', '/api/realtime/campus/publish', {
      token: ada.access_token,
      body: { channel, event: 'big', payload },
    });
    expect(sent.status).toBe(201);

    const live = await onB.next(messageFrames);
    expect(live).toMatchObject({ channel, event: 'big', senderId: ada.user.id });
    expect(live.payload).toEqual(payload);
  });

  it('delivers a burst published at once on A to B, each frame once and in each sender’s order', async () => {
    // Frames published while a NOTIFY is on its way travel together in the next one
    // (lib/cluster/postgres-bus.ts); a frame too big for a NOTIFY goes by id among them.
    const channel = 'public:cluster-burst';
    const onB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    await onB.call({ type: 'subscribe', channel });
    const senders = await Promise.all(
      [1, 2, 3].map(() => connectSocket(buildSocketUrl(a.baseUrl, ada.access_token))),
    );
    const big = { text: 'é'.repeat(6_000) };

    const published = await Promise.all([
      ...senders.flatMap((socket, sender) =>
        Array.from({ length: 15 }, (_, index) =>
          socket.call({ type: 'publish', channel, event: 'note', payload: { sender, index } }),
        ),
      ),
      request(a.baseUrl, 'POST', '/api/realtime/campus/publish', {
        token: ada.access_token,
        body: { channel, event: 'big', payload: big },
      }),
    ]);
    expect(published.filter((answer) => 'status' in answer && answer.status !== 201)).toEqual([]);

    const received = [];
    for (let count = 0; count < 46; count++) received.push(await onB.next(messageFrames));
    expect(new Set(received.map((frame) => frame.id)).size).toBe(46);
    expect(received.filter((frame) => frame.event === 'big').map((frame) => frame.payload)).toEqual(
      [big],
    );
    const notes = received
      .filter((frame) => frame.event === 'note')
      .map((frame) => frame.payload as { sender: number; index: number });
    for (const sender of [0, 1, 2]) {
      const order = notes.filter((note) => note.sender === sender).map((note) => note.index);
      expect(order).toEqual(Array.from({ length: 15 }, (_, index) => index));
    }
  });

  it('reconnects the LISTEN connection after the database drops it, and delivers again', async () => {
    const channel = 'public:cluster-reconnect';
    const onB = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    await onB.call({ type: 'subscribe', channel });
    const listenerOfB = `${LISTENER_NAME} ${b.app.cluster.instanceId}`;
    const [before] = await queryDirectly<{ pid: number }>(
      instances.database,
      'select pid from pg_stat_activity where application_name = $1',
      [listenerOfB],
    );
    expect(before).toBeDefined();

    await queryDirectly(instances.database, 'select pg_terminate_backend($1)', [before!.pid]);
    // Wait for B's new listener to be listening again (its last statement is the LISTEN).
    for (;;) {
      const rows = await queryDirectly<{ pid: number; query: string }>(
        instances.database,
        'select pid, query from pg_stat_activity where application_name = $1',
        [listenerOfB],
      );
      if (rows.some((row) => row.pid !== before!.pid && /^listen /i.test(row.query))) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const onA = await connectSocket(buildSocketUrl(a.baseUrl, ada.access_token));
    const sent = await onA.call({ type: 'publish', channel, event: 'after', payload: 'again' });
    expect(sent.type).toBe('ack');
    expect(await onB.next(messageFrames)).toMatchObject({ id: sent.id, payload: 'again' });
  });
});
