import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import {
  closeAllSockets,
  connectSocket,
  buildSocketUrl,
  type Frame,
} from './helpers/socket-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

describe.each(DIALECTS)('realtime limits on %s', (kind) => {
  let server: TestApp;
  let ada: Account;
  const connect = () => connectSocket(buildSocketUrl(server.baseUrl, ada.access_token));

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, `rt-limits-${kind}@berkeley.edu`);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('answers a message over 64 KiB with an error and keeps the socket', async () => {
    const client = await connect();
    const refused = await client.call({
      type: 'publish',
      channel: 'public:big',
      event: 'blob',
      payload: 'x'.repeat(70 * 1024),
    });
    expect(refused).toMatchObject({ type: 'error', code: 'PAYLOAD_TOO_LARGE' });
    expect(refused.message).toContain('Message too large');
    expect(await client.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
    const history = await client.call({ type: 'history', channel: 'public:big' });
    expect(history.messages).toEqual([]);
  });

  it('closes with 1009 on a frame over 1 MiB', async () => {
    const client = await connect();
    client.send({ type: 'ping', pad: 'x'.repeat(1024 * 1024 + 1) });
    expect((await client.closed()).code).toBe(1009);
  });

  it('refuses the 51st channel of one connection', async () => {
    const client = await connect();
    for (let index = 0; index < 50; index++) {
      client.send({ type: 'subscribe', channel: `public:room-${index}`, ref: `s${index}` });
      // Stay under 20 frames a second: this test is about channels, not rate.
      if (index % 19 === 18) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await client.next((frame) => frame.ref === 's49' && frame.type === 'ack');
    const refused = await client.call({ type: 'subscribe', channel: 'public:room-50' });
    expect(refused).toMatchObject({ type: 'error', code: 'LIMIT_EXCEEDED' });
    expect(refused.message).toBe('Too many channels (at most 50 per connection)');
    // Resubscribing to a channel it already has is not a new channel.
    expect(await client.call({ type: 'subscribe', channel: 'public:room-0' })).toMatchObject({
      type: 'ack',
    });
  });

  it('refuses frames beyond 20 a second with "Rate limit exceeded"', async () => {
    const client = await connect();
    for (let index = 0; index < 30; index++) client.send({ type: 'ping', ref: `p${index}` });
    const answers: Frame[] = [];
    for (let index = 0; index < 30; index++) {
      answers.push(await client.next((frame) => frame.ref === `p${index}`));
    }
    const refused = answers.filter((frame) => frame.type === 'error');
    expect(refused.length).toBeGreaterThanOrEqual(9);
    expect(refused[0]).toMatchObject({ code: 'RATE_LIMITED', message: 'Rate limit exceeded' });
    expect(answers.filter((frame) => frame.type === 'pong').length).toBeGreaterThanOrEqual(20);
  });

  it('refuses binary frames', async () => {
    const client = await connect();
    client.socket.send(Buffer.from([1, 2, 3]));
    expect(await client.next((frame) => frame.type === 'error')).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Binary frames are not supported',
    });
  });
});
