import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { buildSocketUrl, connectSocket } from '../realtime/helpers/socket-client';

/** Rows written through the table API reach the people they concern, live. */
describe.each(DIALECTS)('live events from the table API on %s', (kind) => {
  let server: TestApp;
  let ada: Awaited<ReturnType<typeof createVerifiedAccount>>;
  let bob: Awaited<ReturnType<typeof createVerifiedAccount>>;

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    bob = await createVerifiedAccount(server.baseUrl, 'bob@mit.edu');
  });
  afterAll(() => server.close());

  const table = (name: string, token: string, body: unknown, method = 'POST', query = '') =>
    request(server.baseUrl, method, `/api/db/campus/rest/v1/${name}${query}`, { token, body });

  it('tells the recipient of a new message, the owner of a new application, and the applicant of a decision', async () => {
    const bobSocket = await connectSocket(buildSocketUrl(server.baseUrl, bob.access_token));
    const adaSocket = await connectSocket(buildSocketUrl(server.baseUrl, ada.access_token));
    await bobSocket.call({ type: 'subscribe', channel: `user:${bob.user.id}` });
    await adaSocket.call({ type: 'subscribe', channel: `user:${ada.user.id}` });

    const sent = await table('messages', ada.access_token, {
      id: 'm_live',
      recipient_id: bob.user.id,
      subject: 'Robots?',
      message: 'Join us',
    });
    expect(sent.status).toBe(201);
    const message = await bobSocket.next(
      (frame) => frame.type === 'message' && frame.event === 'message.created',
    );
    expect(message.payload).toMatchObject({
      id: 'm_live',
      senderId: ada.user.id,
      subject: 'Robots?',
    });

    expect(
      (
        await table('projects', ada.access_token, {
          id: 'p_live',
          title: 'Robots',
          description: 'Build one',
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await table('applications', bob.access_token, {
          id: 'a_live',
          project_id: 'p_live',
          message: 'I would like to join this project!',
        })
      ).status,
    ).toBe(201);
    const application = await adaSocket.next(
      (frame) => frame.type === 'message' && frame.event === 'application.created',
    );
    expect(application.payload).toMatchObject({
      id: 'a_live',
      projectId: 'p_live',
      applicantId: bob.user.id,
      status: 'Pending',
    });

    const decided = await table(
      'applications',
      ada.access_token,
      { status: 'Accepted' },
      'PATCH',
      '?id=eq.a_live',
    );
    expect(decided.status).toBe(204);
    const decision = await bobSocket.next(
      (frame) => frame.type === 'message' && frame.event === 'application.updated',
    );
    expect(decision.payload).toMatchObject({
      id: 'a_live',
      status: 'Accepted',
      previousStatus: 'Pending',
    });

    // A refused write tells no one.
    expect(
      (
        await table('messages', ada.access_token, {
          recipient_id: bob.user.id,
          subject: ' ',
          message: 'x',
        })
      ).status,
    ).toBe(400);
    const history = await bobSocket.call({ type: 'history', channel: `user:${bob.user.id}` });
    expect((history.messages as unknown[]).length).toBe(2);
  });
});
