import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@campuscollab/shared';
import { closeAllSockets, connectSocket, buildSocketUrl } from './helpers/socket-client';
import { startRealtimeApp, type RealtimeApp } from './helpers/realtime-app';

const HEARTBEAT_MS = 200;

describe('realtime heartbeat and timeouts', () => {
  let server: RealtimeApp;

  beforeAll(async () => {
    server = await startRealtimeApp({ heartbeatMs: HEARTBEAT_MS, authTimeoutMs: 300 });
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('terminates a socket that does not answer pings, and it leaves presence', async () => {
    const channel = 'public:heartbeat';
    const lively = await connectSocket(
      buildSocketUrl(server.baseUrl, await server.signToken('lively')),
    );
    const silent = await connectSocket(
      buildSocketUrl(server.baseUrl, await server.signToken('silent')),
      {
        autoPong: false,
      },
    );
    await lively.call({ type: 'subscribe', channel });
    await silent.call({ type: 'presence', channel, action: 'join' });

    // Terminated without a close frame: the client sees 1006 after at most two intervals.
    expect((await silent.closed(HEARTBEAT_MS * 10)).code).toBe(1006);
    expect(await lively.next((frame) => frame.event === 'leave')).toMatchObject({
      type: 'presence',
      member: { userId: 'silent' },
    });
    // The answering socket went through the same rounds and is still served.
    expect(lively.socket.readyState).toBe(lively.socket.OPEN);
    expect(await lively.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });

  it('closes a socket that does not authenticate in time with 4401', async () => {
    const client = await connectSocket(buildSocketUrl(server.baseUrl));
    expect(await client.closed()).toEqual({ code: 4401, reason: 'Authentication timeout' });
  });

  it('closes a socket when its access token expires, unless renewed', async () => {
    // Expires one to two seconds from now (token times are whole seconds).
    const issuedAt = Math.floor(Date.now() / 1000) + 2 - ACCESS_TOKEN_TTL_SECONDS;
    const expiring = await connectSocket(
      buildSocketUrl(server.baseUrl, await server.signToken('expiring', issuedAt)),
    );
    const renewed = await connectSocket(
      buildSocketUrl(server.baseUrl, await server.signToken('renewed', issuedAt)),
    );
    expect(
      await renewed.call({ type: 'auth', token: await server.signToken('renewed') }),
    ).toMatchObject({
      type: 'ack',
      userId: 'renewed',
    });
    expect(
      await renewed.call({ type: 'auth', token: await server.signToken('intruder') }),
    ).toMatchObject({
      type: 'error',
      code: 'FORBIDDEN',
      message: 'Token belongs to another account',
    });

    expect(await expiring.closed(4000)).toEqual({ code: 4401, reason: 'Access token expired' });
    expect(await renewed.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
  });
});

describe('realtime shutdown', () => {
  it('closes every socket with 1001 when the app closes', async () => {
    const server = await startRealtimeApp();
    try {
      const client = await connectSocket(
        buildSocketUrl(server.baseUrl, await server.signToken('ada')),
      );
      await client.call({ type: 'subscribe', channel: 'public:bye' });
      const closing = server.close();
      expect(await client.closed()).toEqual({ code: 1001, reason: 'Server shutting down' });
      await closing;
    } finally {
      closeAllSockets();
      await server.close();
    }
  });
});
