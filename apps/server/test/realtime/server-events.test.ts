import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { closeAllSockets, connectSocket, buildSocketUrl } from './helpers/socket-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

/**
 * The database API that emits these events for real is built separately; until it exists these
 * tests insert real rows and emit the events themselves. Add an end-to-end check through
 * `/api/db/...` once it does.
 */
describe.each(DIALECTS)('realtime server events on %s', (kind) => {
  let server: TestApp;
  let ada: Account;
  let bob: Account;
  const now = () => new Date().toISOString();
  const listenOwnChannel = async (account: Account) => {
    const client = await connectSocket(buildSocketUrl(server.baseUrl, account.access_token));
    await client.call({ type: 'subscribe', channel: `user:${account.user.id}` });
    return client;
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, `rt-events-ada-${kind}@berkeley.edu`);
    bob = await createVerifiedAccount(server.baseUrl, `rt-events-bob-${kind}@berkeley.edu`);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it("sends a new message's summary to its recipient, live and in history", async () => {
    const inbox = await listenOwnChannel(bob);
    const db = server.database.db;
    const message = await db
      .insertInto('messages')
      .values({
        id: `msg_${Date.now()}_rt`,
        sender_id: ada.user.id,
        recipient_id: bob.user.id,
        subject: 'Team up?',
        message: 'Secret body',
        created_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.app.events.emit('message.created', { message });

    const live = await inbox.next((frame) => frame.type === 'message');
    expect(live).toMatchObject({
      channel: `user:${bob.user.id}`,
      event: 'message.created',
      senderId: null,
      payload: {
        id: message.id,
        senderId: ada.user.id,
        subject: 'Team up?',
        createdAt: message.created_at,
      },
    });
    expect(JSON.stringify(live)).not.toContain('Secret body');
    const history = await inbox.call({ type: 'history', channel: `user:${bob.user.id}` });
    expect(history.messages).toEqual([expect.objectContaining({ id: live.id })]);
  });

  it('tells the project owner of an application and the applicant of its decision', async () => {
    const [owner, applicant] = await Promise.all([listenOwnChannel(ada), listenOwnChannel(bob)]);
    const db = server.database.db;
    const project = await db
      .insertInto('projects')
      .values({
        id: `proj_${kind}`,
        title: 'Robot',
        description: 'Build it',
        posted_by_id: ada.user.id,
        created_at: now(),
        updated_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const application = await db
      .insertInto('applications')
      .values({
        id: `app_${kind}`,
        project_id: project.id,
        applicant_id: bob.user.id,
        message: 'Me!',
        created_at: now(),
        updated_at: now(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await server.app.events.emit('application.created', {
      application,
      projectOwnerId: ada.user.id,
    });
    expect(await owner.next((frame) => frame.type === 'message')).toMatchObject({
      event: 'application.created',
      payload: { id: application.id, projectId: project.id, applicantId: bob.user.id },
    });

    const accepted = { ...application, status: 'Accepted', updated_at: now() };
    await server.app.events.emit('application.updated', {
      application: accepted,
      previousStatus: 'Pending',
    });
    expect(await applicant.next((frame) => frame.type === 'message')).toMatchObject({
      event: 'application.updated',
      payload: { id: application.id, status: 'Accepted', previousStatus: 'Pending' },
    });
  });

  it("closes a deleted account's sockets and erases its realtime history", async () => {
    const carol = await createVerifiedAccount(
      server.baseUrl,
      `rt-events-carol-${kind}@berkeley.edu`,
    );
    const socket = await listenOwnChannel(carol);
    await socket.call({ type: 'publish', channel: 'public:goodbye', event: 'x', payload: 1 });
    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: carol.access_token,
    });
    expect(deleted.status).toBe(204);
    expect(await socket.closed()).toEqual({ code: 4401, reason: 'Account deleted' });
    const rows = await server.database.db
      .selectFrom('realtime_messages')
      .select('id')
      .where('sender_id', '=', carol.user.id)
      .execute();
    expect(rows).toEqual([]);
  });
});
