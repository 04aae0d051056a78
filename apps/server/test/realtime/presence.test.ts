import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import {
  closeAllSockets,
  connectSocket,
  buildSocketUrl,
  type Frame,
} from './helpers/socket-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

const matchPresence = (event: string, userId: string) => (frame: Frame) =>
  frame.type === 'presence' &&
  frame.event === event &&
  (frame.member as { userId: string }).userId === userId;

describe.each(DIALECTS)('realtime presence on %s', (kind) => {
  let server: TestApp;
  let ada: Account;
  let bob: Account;
  const connect = (account: Account) =>
    connectSocket(buildSocketUrl(server.baseUrl, account.access_token));

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, `rt-presence-ada-${kind}@berkeley.edu`);
    bob = await createVerifiedAccount(server.baseUrl, `rt-presence-bob-${kind}@berkeley.edu`);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('announces join and leave to subscribers and lists members', async () => {
    const channel = 'public:study-room';
    const watcher = await connect(bob);
    await watcher.call({ type: 'subscribe', channel });
    const member = await connect(ada);

    const joined = await member.call({
      type: 'presence',
      channel,
      action: 'join',
      state: { status: 'reading' },
    });
    expect(joined).toMatchObject({ type: 'ack', channel });
    const announced = await watcher.next(matchPresence('join', ada.user.id));
    expect(announced).toMatchObject({
      channel,
      member: { userId: ada.user.id, state: { status: 'reading' } },
    });

    const list = await watcher.call({ type: 'presence', channel, action: 'list' });
    expect(list.members).toEqual([announced.member]);
    const overHttp = await request(
      server.baseUrl,
      'GET',
      `/api/realtime/campus/presence?channel=${channel}`,
      {
        token: bob.access_token,
      },
    );
    expect(overHttp.status).toBe(200);
    expect(overHttp.body).toEqual({ channel, members: [announced.member] });

    await member.call({ type: 'presence', channel, action: 'leave' });
    await watcher.next(matchPresence('leave', ada.user.id));
    expect((await watcher.call({ type: 'presence', channel, action: 'list' })).members).toEqual([]);
  });

  it('leaves automatically when the socket closes, once the last tab of a user is gone', async () => {
    const channel = 'public:auto-leave';
    const watcher = await connect(bob);
    await watcher.call({ type: 'subscribe', channel });
    const [firstTab, secondTab] = await Promise.all([connect(ada), connect(ada)]);
    await firstTab.call({ type: 'presence', channel, action: 'join', state: { tab: 1 } });
    await secondTab.call({ type: 'presence', channel, action: 'join', state: { tab: 2 } });
    await watcher.next(matchPresence('join', ada.user.id));
    // The second tab updates the one entry rather than listing the student twice.
    expect((await watcher.next(matchPresence('join', ada.user.id))).member).toMatchObject({
      state: { tab: 2 },
    });
    expect(
      (await watcher.call({ type: 'presence', channel, action: 'list' })).members,
    ).toHaveLength(1);

    firstTab.socket.close();
    await firstTab.closed();
    expect(
      (await watcher.call({ type: 'presence', channel, action: 'list' })).members,
    ).toHaveLength(1);

    secondTab.socket.terminate();
    expect(await watcher.next(matchPresence('leave', ada.user.id))).toMatchObject({ channel });
    expect((await watcher.call({ type: 'presence', channel, action: 'list' })).members).toEqual([]);
  });

  it('leaves no ghost member when the socket closes while frames are still queued', async () => {
    const channel = 'public:ghosts';
    const watcher = await connect(bob);
    const leaving = await connect(ada);
    for (let index = 0; index < 5; index++) {
      leaving.send({ type: 'publish', channel: 'public:slow', event: 'x', payload: index });
    }
    leaving.send({ type: 'presence', channel, action: 'join' });
    leaving.socket.terminate();
    // Long enough for the queued frames to have run, had they been going to.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await watcher.call({ type: 'presence', channel, action: 'list' })).members).toEqual([]);
  });

  it('refuses presence on a private channel of someone else and oversized state', async () => {
    const client = await connect(ada);
    expect(
      await client.call({ type: 'presence', channel: `user:${bob.user.id}`, action: 'list' }),
    ).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    const tooBig = await client.call({
      type: 'presence',
      channel: 'public:big',
      action: 'join',
      state: { note: 'x'.repeat(2000) },
    });
    expect(tooBig).toMatchObject({ type: 'error', code: 'PAYLOAD_TOO_LARGE' });
    expect(tooBig.message).toContain('Presence state too large');
  });
});
