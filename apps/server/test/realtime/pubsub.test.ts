import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { closeAllSockets, connectSocket, buildSocketUrl } from './helpers/socket-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

describe.each(DIALECTS)('realtime publish and subscribe on %s', (kind) => {
  let server: TestApp;
  let ada: Account;
  let bob: Account;
  const connect = (account: Account) =>
    connectSocket(buildSocketUrl(server.baseUrl, account.access_token));

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, `rt-ada-${kind}@berkeley.edu`);
    bob = await createVerifiedAccount(server.baseUrl, `rt-bob-${kind}@berkeley.edu`);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('delivers a publish to every subscriber, the publisher included', async () => {
    const [first, second] = await Promise.all([connect(ada), connect(bob)]);
    for (const client of [first, second]) {
      expect(await client.call({ type: 'subscribe', channel: 'public:lobby' })).toMatchObject({
        type: 'ack',
        channel: 'public:lobby',
      });
    }
    const ack = await first.call({
      type: 'publish',
      channel: 'public:lobby',
      event: 'chat',
      payload: { text: 'hello' },
    });
    expect(ack).toMatchObject({ type: 'ack', channel: 'public:lobby' });
    expect(ack.id).toMatch(/^rtm_/);

    for (const client of [first, second]) {
      const message = await client.next((frame) => frame.type === 'message');
      expect(message).toEqual({
        type: 'message',
        channel: 'public:lobby',
        id: ack.id,
        event: 'chat',
        payload: { text: 'hello' },
        senderId: ada.user.id,
        createdAt: ack.createdAt,
      });
    }
  });

  it('stops delivering after unsubscribe', async () => {
    const [publisher, listener] = await Promise.all([connect(ada), connect(bob)]);
    await listener.call({ type: 'subscribe', channel: 'public:quiet' });
    expect(await listener.call({ type: 'unsubscribe', channel: 'public:quiet' })).toMatchObject({
      type: 'ack',
    });
    await publisher.call({ type: 'publish', channel: 'public:quiet', event: 'x', payload: 1 });
    // The broadcast happens before the publisher's ack, so a later pong proves nothing came.
    expect(await listener.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
    await expect(listener.next((frame) => frame.type === 'message', 50)).rejects.toThrow();
  });

  it('keeps history in the database across reconnects, newest first', async () => {
    const publisher = await connect(ada);
    for (const text of ['one', 'two', 'three']) {
      await publisher.call({
        type: 'publish',
        channel: 'public:history',
        event: 'chat',
        payload: { text },
      });
    }
    publisher.socket.close();
    await publisher.closed();

    const reader = await connect(bob);
    const page = await reader.call({ type: 'history', channel: 'public:history', limit: 2 });
    const messages = page.messages as { payload: { text: string }; id: string }[];
    expect(messages.map((message) => message.payload.text)).toEqual(['three', 'two']);
    const older = await reader.call({
      type: 'history',
      channel: 'public:history',
      before: messages[1]!.id,
    });
    expect((older.messages as { payload: { text: string } }[]).map((m) => m.payload.text)).toEqual([
      'one',
    ]);
  });

  it("refuses another user's private channel, and publishing to any user channel", async () => {
    const client = await connect(ada);
    expect(await client.call({ type: 'subscribe', channel: `user:${bob.user.id}` })).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
      message: 'User channels are private to their user',
    });
    expect(await client.call({ type: 'history', channel: `user:${bob.user.id}` })).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
    });
    expect(await client.call({ type: 'subscribe', channel: `user:${ada.user.id}` })).toMatchObject({
      type: 'ack',
    });
    expect(
      await client.call({ type: 'publish', channel: `user:${ada.user.id}`, event: 'x' }),
    ).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
      message: 'Only the server publishes to user channels',
    });
  });

  it('refuses unknown channel kinds and malformed frames with a clear error', async () => {
    const client = await connect(ada);
    const refused = await client.call({ type: 'subscribe', channel: 'admin:all' });
    expect(refused).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    expect(refused.message).toContain('public:<name>');
    const unknown = await client.call({ type: 'shout' });
    expect(unknown).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    expect(unknown.message).toContain('Unknown message type');
    const badEvent = await client.call({ type: 'publish', channel: 'public:a', event: 'a b' });
    expect(badEvent).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    expect(badEvent.message).toContain('event');
    client.send('not json');
    expect(await client.next((frame) => frame.type === 'error')).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Message must be valid JSON',
    });
  });
});
