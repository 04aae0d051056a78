import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/helpers/fake-socket';
import { openLatest, setUpRealtime, START } from '../../test/helpers/realtime-setup';

describe('realtime connection', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    FakeSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('connects with the access token in the URL and subscribes', async () => {
    const { realtime, tokens } = await setUpRealtime();
    const subscribing = realtime.channel('public:chat').subscribe();
    await openLatest();

    expect(await subscribing).toEqual({ data: null, error: null });
    expect(FakeSocket.latest().url).toBe(
      `wss://api.campus.test/api/realtime/campus?token=${encodeURIComponent(tokens.access_token)}`,
    );
    expect(FakeSocket.latest().framesOfType('subscribe')).toMatchObject([
      { channel: 'public:chat' },
    ]);
  });

  it('reconnects with backoff min(30 s, 2^n s) + jitter, n from 0, reset after a success', async () => {
    const { realtime } = await setUpRealtime();
    void realtime.connect();
    await openLatest();
    const statuses: string[] = [];
    realtime.onStatusChange((status) => statuses.push(status));

    FakeSocket.latest().drop(1006);
    const expected = [1500, 2500, 4500, 8500, 16_500, 30_500, 30_500];
    for (const delay of expected) {
      const before = FakeSocket.instances.length;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(FakeSocket.instances).toHaveLength(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(FakeSocket.instances).toHaveLength(before + 1);
      FakeSocket.latest().drop(1006); // this attempt fails too
    }

    await vi.advanceTimersByTimeAsync(30_500);
    FakeSocket.latest().open();
    FakeSocket.latest().drop(1006);
    const before = FakeSocket.instances.length;
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeSocket.instances).toHaveLength(before + 1);
    expect(statuses).toContain('reconnecting');
    expect(statuses).toContain('open');
  });

  it('refreshes an expired token before reconnecting, and after a 4401 close', async () => {
    const { realtime, auth, tokens } = await setUpRealtime();
    void realtime.connect();
    await openLatest();

    FakeSocket.latest().drop(4401, 'Access token expired');
    await vi.advanceTimersByTimeAsync(1500);

    expect(auth.server.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(FakeSocket.latest().url).not.toContain(encodeURIComponent(tokens.access_token));
  });

  it('stops reconnecting when the refresh after a 4401 fails (signed out)', async () => {
    const { realtime, auth, tokens } = await setUpRealtime();
    void realtime.connect();
    await openLatest();
    auth.revokeRefresh(tokens.refresh_token);

    FakeSocket.latest().drop(4401, 'Account deleted');
    await vi.advanceTimersByTimeAsync(60_000);

    expect(FakeSocket.instances).toHaveLength(1);
    expect(realtime.getStatus()).toBe('closed');
  });

  it('renews the open socket with the refreshed token', async () => {
    const { realtime, client } = await setUpRealtime();
    void realtime.connect();
    await openLatest();

    vi.setSystemTime(START + 900_000);
    const token = await client.auth.getAccessToken();

    expect(FakeSocket.latest().framesOfType('auth')).toMatchObject([{ type: 'auth', token }]);
  });

  it('pings every 25 s and treats a missing pong (10 s) as a dead connection', async () => {
    const { realtime } = await setUpRealtime();
    void realtime.connect();
    await openLatest();
    const first = FakeSocket.latest();

    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.framesOfType('ping')).toHaveLength(1); // answered by the auto-answer
    FakeSocket.answer = () => null; // the network is gone: nothing comes back
    await vi.advanceTimersByTimeAsync(25_000);
    expect(first.framesOfType('ping')).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(realtime.getStatus()).toBe('open');
    await vi.advanceTimersByTimeAsync(1);
    expect(realtime.getStatus()).toBe('reconnecting');
    expect(first.closedWith).not.toBeNull();
  });

  it("answers the server's ping frames", async () => {
    const { realtime } = await setUpRealtime();
    void realtime.connect();
    await openLatest();
    FakeSocket.latest().receive({ type: 'ping', ref: 'srv-1' });
    expect(FakeSocket.latest().framesOfType('pong')).toEqual([{ type: 'pong', ref: 'srv-1' }]);
  });

  it('times out a subscribe after 10 s, and a connection that never opens', async () => {
    const { realtime } = await setUpRealtime();
    FakeSocket.answer = () => null;
    const connecting = realtime.connect();
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await connecting).error).toMatchObject({
      kind: 'REALTIME_ERROR',
      message: 'Connection timeout',
    });

    await vi.advanceTimersByTimeAsync(1500); // the reconnect
    FakeSocket.latest().open();
    const subscribing = realtime.channel('public:x').subscribe();
    await vi.advanceTimersByTimeAsync(10_000);
    expect((await subscribing).error).toMatchObject({
      kind: 'REALTIME_ERROR',
      status: 0,
      message: 'Subscribe timeout',
    });
  });
});
