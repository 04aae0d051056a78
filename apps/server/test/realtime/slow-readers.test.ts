import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllSockets, connectSocket, buildSocketUrl } from './helpers/socket-client';
import { startRealtimeApp, type RealtimeApp } from './helpers/realtime-app';

// Far more than the kernel's socket buffers hold for a client that does not read, so the rest
// waits in the server's memory.
const FRAMES = 200;
const PAD = 'x'.repeat(60 * 1024);

describe('realtime slow readers', () => {
  let server: RealtimeApp;
  const connect = async (name: string) =>
    connectSocket(buildSocketUrl(server.baseUrl, await server.signToken(name)));

  beforeAll(async () => {
    server = await startRealtimeApp({
      limits: { maxBufferedBytes: 256 * 1024, messagesPerSecond: 100_000 },
    });
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('closes a socket that stops reading with 1013, and keeps serving the others', async () => {
    const channel = 'public:flood';
    const stalled = await connect('stalled');
    const reading = await connect('reading');
    const publisher = await connect('publisher');
    await stalled.call({ type: 'subscribe', channel });
    await reading.call({ type: 'subscribe', channel });

    stalled.socket.pause();
    // One frame at a time, each awaited by the reading subscriber: on a busy machine a burst
    // would leave that reader behind by more than the limit too, and close it as well.
    let last: unknown;
    for (let index = 0; index < FRAMES; index++) {
      publisher.send({ type: 'publish', channel, event: 'chunk', payload: { index, pad: PAD } });
      last = await reading.next(
        (frame) => (frame.payload as { index?: number } | undefined)?.index === index,
        20_000,
      );
    }
    expect(last).toMatchObject({ type: 'message', channel, event: 'chunk' });

    stalled.socket.resume();
    expect(await stalled.closed(20_000)).toEqual({ code: 1013, reason: 'Too slow to receive' });
    expect(await reading.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await publisher.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });
});
