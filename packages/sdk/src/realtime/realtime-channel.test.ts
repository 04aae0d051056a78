import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/helpers/fake-socket';
import { chatMessage, openLatest, setUpRealtime, START } from '../../test/helpers/realtime-setup';

describe('realtime channels', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(START);
    FakeSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('delivers messages to handlers of their event and of *', async () => {
    const { realtime } = await setUpRealtime();
    const channel = realtime.channel('public:chat');
    const chat = vi.fn();
    const all = vi.fn();
    channel.on('chat', chat);
    channel.on('*', all);
    const subscribing = channel.subscribe();
    await openLatest();
    await subscribing;

    FakeSocket.latest().receive({ type: 'message', ...chatMessage('rtm_1') });
    FakeSocket.latest().receive({ type: 'message', ...chatMessage('rtm_2', 'typing') });

    expect(chat.mock.calls.map(([m]) => m.id)).toEqual(['rtm_1']);
    expect(all.mock.calls.map(([m]) => m.id)).toEqual(['rtm_1', 'rtm_2']);
  });

  it('subscribes again, rejoins presence and catches up after a reconnect', async () => {
    const { realtime } = await setUpRealtime();
    const channel = realtime.channel('public:chat');
    const received = vi.fn();
    channel.on('*', received);
    const ready = Promise.all([channel.subscribe(), channel.join({ typing: false })]);
    await openLatest();
    await ready;
    FakeSocket.latest().receive({ type: 'message', ...chatMessage('rtm_1') });

    FakeSocket.latest().drop(1001, 'Server shutting down');
    // Missed while away: rtm_2 and rtm_3; rtm_1 was seen already (history is newest first).
    FakeSocket.answer = (frame) =>
      frame.type === 'history'
        ? {
            channel: frame.channel,
            messages: [chatMessage('rtm_3'), chatMessage('rtm_2'), chatMessage('rtm_1')],
          }
        : { channel: frame.channel };
    await vi.advanceTimersByTimeAsync(1500);
    FakeSocket.latest().open();
    await vi.advanceTimersByTimeAsync(0);

    const socket = FakeSocket.latest();
    expect(socket.sent.map((frame) => frame.type)).toEqual(['presence', 'subscribe', 'history']);
    expect(socket.framesOfType('presence')[0]).toMatchObject({
      action: 'join',
      state: { typing: false },
    });
    expect(received.mock.calls.map(([m]) => m.id)).toEqual(['rtm_1', 'rtm_2', 'rtm_3']);
  });

  it('reports error frames with the server code', async () => {
    const { realtime } = await setUpRealtime();
    FakeSocket.answer = () => null;
    const publishing = realtime.channel('user:someone-else').publish('hi', {});
    await openLatest();
    const frame = FakeSocket.latest().framesOfType('publish')[0]!;
    FakeSocket.latest().receive({
      type: 'error',
      ref: frame.ref,
      code: 'FORBIDDEN',
      message: 'User channels are private to their user',
    });

    expect((await publishing).error).toMatchObject({
      kind: 'REALTIME_ERROR',
      status: 403,
      code: 'FORBIDDEN',
      message: 'User channels are private to their user',
    });
  });
});
