import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { closeAllSockets, connectSocket, buildSocketUrl } from './helpers/socket-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;
interface Message {
  id: string;
  event: string;
  payload: unknown;
  senderId: string | null;
  createdAt: string;
}

describe.each(DIALECTS)('realtime over HTTP on %s', (kind) => {
  let server: TestApp;
  let ada: Account;
  let bob: Account;
  const call = <T = Record<string, unknown>>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string } = {},
  ) => request<T>(server.baseUrl, method, `/api/realtime/campus${path}`, options);

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, `rt-http-ada-${kind}@berkeley.edu`);
    bob = await createVerifiedAccount(server.baseUrl, `rt-http-bob-${kind}@berkeley.edu`);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('publishes to live subscribers and into history', async () => {
    const listener = await connectSocket(buildSocketUrl(server.baseUrl, bob.access_token));
    await listener.call({ type: 'subscribe', channel: 'public:news' });
    const published = await call<{ message: Message }>('POST', '/publish', {
      token: ada.access_token,
      body: { channel: 'public:news', event: 'post', payload: { title: 'Hi' } },
    });
    expect(published.status).toBe(201);
    expect(published.body.message).toMatchObject({
      channel: 'public:news',
      event: 'post',
      payload: { title: 'Hi' },
      senderId: ada.user.id,
    });
    expect(await listener.next((frame) => frame.type === 'message')).toMatchObject({
      id: published.body.message.id,
    });
    const history = await call<{ messages: Message[] }>('GET', '/messages?channel=public:news', {
      token: bob.access_token,
    });
    expect(history.status).toBe(200);
    expect(history.body.messages.map((message) => message.id)).toEqual([published.body.message.id]);
  });

  it('pages history by message id or ISO time, newest first', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const response = await call<{ message: Message }>('POST', '/publish', {
        token: ada.access_token,
        body: { channel: 'public:pages', event: 'n', payload: index },
      });
      ids.push(response.body.message.id);
    }
    const page = (query: string) =>
      call<{ messages: Message[] }>('GET', `/messages?channel=public:pages&${query}`, {
        token: ada.access_token,
      }).then((response) => response.body.messages.map((message) => message.payload));
    expect(await page('limit=2')).toEqual([4, 3]);
    expect(await page(`limit=2&before=${ids[3]}`)).toEqual([2, 1]);
    expect(await page('before=2000-01-01T00:00:00.000Z')).toEqual([]);
    expect(
      await page(`before=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`),
    ).toHaveLength(5);
    expect(
      (
        await call('GET', '/messages?channel=public:pages&limit=201', {
          token: ada.access_token,
        })
      ).status,
    ).toBe(400);
  });

  it('applies the channel rules; SERVICE_KEY may publish anywhere', async () => {
    const toUser = { channel: `user:${bob.user.id}`, event: 'note', payload: { hello: true } };
    expect((await call('POST', '/publish', { token: ada.access_token, body: toUser })).status).toBe(
      403,
    );
    expect(
      (await call('GET', `/messages?channel=user:${bob.user.id}`, { token: ada.access_token }))
        .status,
    ).toBe(403);
    const byService = await call<{ message: Message }>('POST', '/publish', {
      token: TEST_SERVICE_KEY,
      body: toUser,
    });
    expect(byService.status).toBe(201);
    expect(byService.body.message.senderId).toBeNull();
    const own = await call<{ messages: Message[] }>(
      'GET',
      `/messages?channel=user:${bob.user.id}`,
      {
        token: bob.access_token,
      },
    );
    expect(own.body.messages[0]).toMatchObject({ event: 'note', payload: { hello: true } });
  });

  it('answers 401 without a token, 400 for bad input, 404 for an unknown project', async () => {
    expect((await call('GET', '/presence?channel=public:a')).status).toBe(401);
    expect((await call('POST', '/publish', { body: {} })).status).toBe(401);
    const badChannel = await call('POST', '/publish', {
      token: ada.access_token,
      body: { channel: 'lobby', event: 'x' },
    });
    expect(badChannel.status).toBe(400);
    expect(badChannel.body.code).toBe('VALIDATION_ERROR');
    const tooLarge = await call('POST', '/publish', {
      token: ada.access_token,
      body: { channel: 'public:a', event: 'x', payload: 'y'.repeat(70 * 1024) },
    });
    expect(tooLarge.status).toBe(413);
    const elsewhere = await request(
      server.baseUrl,
      'GET',
      '/api/realtime/nope/presence?channel=public:a',
      {
        token: ada.access_token,
      },
    );
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body).toMatchObject({ code: 'NOT_FOUND' });
  });
});
