import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, TEST_SERVICE_KEY, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import {
  buildSocketUrl,
  closeAllSockets,
  connectSocket,
  type Frame,
} from '../realtime/helpers/socket-client';
import { buildTeamWorld, ok, TEAMS, type TeamWorld } from './team-world';

const say = (channel: string, text: string) => ({
  type: 'publish',
  channel,
  event: 'team.message',
  payload: { text },
});
const chat = (frame: Frame) => frame.type === 'message';

/**
 * `team:<project id>` (docs/realtime-protocol.md): the owner and accepted members only, over the
 * socket and over HTTP; leaving or being removed ends access on the open socket at once.
 */
describe.each(DIALECTS)('team channels on %s', (kind) => {
  let server: TestApp;
  let world: TeamWorld;
  let tag = 0;

  beforeAll(async () => {
    server = await startTestApp(kind, { SERVICE_KEY: TEST_SERVICE_KEY });
    world = await buildTeamWorld(server.baseUrl, 'chan');
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  const socketOf = (token: string) => connectSocket(buildSocketUrl(server.baseUrl, token));

  it('carries a message between the owner and a member, kept in history', async () => {
    const ada = await socketOf(world.ada.token);
    const bob = await socketOf(world.bob.token);
    expect(await bob.call({ type: 'subscribe', channel: world.channel })).toMatchObject({
      type: 'ack',
    });
    const sent = await ada.call(say(world.channel, 'Kick-off at 5?'));
    expect(sent).toMatchObject({ type: 'ack', channel: world.channel });

    const live = await bob.next(chat);
    expect(live).toMatchObject({
      id: sent.id,
      event: 'team.message',
      payload: { text: 'Kick-off at 5?' },
      senderId: world.ada.id,
    });
    const history = await bob.call({ type: 'history', channel: world.channel });
    expect(history.messages).toEqual([expect.objectContaining({ id: sent.id })]);
  });

  it('refuses a non-member and a pending applicant everything on the socket', async () => {
    for (const outsider of [world.carol, world.dan]) {
      const socket = await socketOf(outsider.token);
      const frames = [
        { type: 'subscribe', channel: world.channel },
        { type: 'history', channel: world.channel },
        { type: 'presence', channel: world.channel, action: 'list' },
        { type: 'presence', channel: world.channel, action: 'join' },
        say(world.channel, 'let me in'),
      ];
      for (const frame of frames) {
        expect(await socket.call(frame)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
      }
    }
  });

  it('refuses a non-member over HTTP, and lets members and SERVICE_KEY in', async () => {
    const channel = encodeURIComponent(world.channel);
    const asCarol = { token: world.carol.token };
    const publish = { channel: world.channel, event: 'team.message', payload: { text: 'hi' } };
    for (const [method, path, body] of [
      ['POST', '/api/realtime/campus/publish', publish],
      ['GET', `/api/realtime/campus/messages?channel=${channel}`, undefined],
      ['GET', `/api/realtime/campus/presence?channel=${channel}`, undefined],
    ] as const) {
      const refused = await request(server.baseUrl, method, path, { ...asCarol, body });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN' });
    }
    const posted = await ok(
      request<{ message: { id: string } }>(server.baseUrl, 'POST', '/api/realtime/campus/publish', {
        token: world.bob.token,
        body: publish,
      }),
      201,
    );
    const read = await ok(
      request<{ messages: { id: string }[] }>(
        server.baseUrl,
        'GET',
        `/api/realtime/campus/messages?channel=${channel}`,
        { token: TEST_SERVICE_KEY },
      ),
      200,
    );
    expect(read.messages.map((message) => message.id)).toContain(posted.message.id);
  });

  it('lets members publish chat messages only: the event, the text and its length', async () => {
    const bob = await socketOf(world.bob.token);
    for (const frame of [
      { type: 'publish', channel: world.channel, event: 'other', payload: { text: 'x' } },
      say(world.channel, '   '),
      say(world.channel, 'x'.repeat(2001)),
      { ...say(world.channel, 'x'), payload: { text: 'x', html: '<b>' } },
      { ...say(world.channel, 'x'), payload: ['x'] },
    ]) {
      expect(await bob.call(frame)).toMatchObject({ type: 'error', code: 'VALIDATION_ERROR' });
    }
    expect(await bob.call(say(world.channel, 'x'.repeat(2000)))).toMatchObject({ type: 'ack' });
  });

  it('shows presence to members only', async () => {
    const ada = await socketOf(world.ada.token);
    const bob = await socketOf(world.bob.token);
    await ada.call({ type: 'subscribe', channel: world.channel });
    await bob.call({ type: 'presence', channel: world.channel, action: 'join' });
    expect(await ada.next((frame) => frame.type === 'presence')).toMatchObject({
      event: 'join',
      member: { userId: world.bob.id },
    });
    const list = await ada.call({ type: 'presence', channel: world.channel, action: 'list' });
    expect(list.members).toEqual([expect.objectContaining({ userId: world.bob.id })]);
  });

  it('ends a removed member’s access on their open socket at once', async () => {
    tag += 1;
    const team = await buildTeamWorld(server.baseUrl, `removed${tag}`);
    const ada = await socketOf(team.ada.token);
    const bob = await socketOf(team.bob.token);
    await ada.call({ type: 'subscribe', channel: team.channel });
    await bob.call({ type: 'subscribe', channel: team.channel });
    await bob.call({ type: 'presence', channel: team.channel, action: 'join' });
    await bob.call({ type: 'subscribe', channel: `user:${team.bob.id}` });

    await ok(
      request(server.baseUrl, 'DELETE', `${TEAMS}/${team.projectId}/members/${team.bob.id}`, {
        token: team.ada.token,
      }),
      204,
    );
    // Bob's presence went with his subscription: Ada sees him leave.
    expect(
      await ada.next((frame) => frame.type === 'presence' && frame.event === 'leave'),
    ).toMatchObject({ member: { userId: team.bob.id } });
    // Told on his private channel, so his tabs can leave the team space.
    expect(
      await bob.next((frame) => chat(frame) && frame.event === 'team.access.ended'),
    ).toMatchObject({ payload: { projectId: team.projectId, reason: 'removed' } });

    const secret = await ada.call(say(team.channel, 'after Bob left'));
    expect(secret).toMatchObject({ type: 'ack' });
    // The message went out to this instance's subscribers before its ack; a ping sent now is
    // answered after anything already on its way to Bob, so the pong comes first only if
    // nothing was sent to him.
    bob.send({ type: 'ping', ref: 'after' });
    const first = await bob.next(
      (frame) =>
        (chat(frame) && frame.channel === team.channel) ||
        (frame.type === 'pong' && frame.ref === 'after'),
    );
    expect(first).toMatchObject({ type: 'pong' });

    for (const frame of [
      { type: 'subscribe', channel: team.channel },
      { type: 'history', channel: team.channel },
      say(team.channel, 'still here?'),
    ]) {
      expect(await bob.call(frame)).toMatchObject({ type: 'error', code: 'FORBIDDEN' });
    }
  });

  it('ends the access of a member who leaves, and keeps the owner in', async () => {
    tag += 1;
    const team = await buildTeamWorld(server.baseUrl, `left${tag}`);
    const bob = await socketOf(team.bob.token);
    await bob.call({ type: 'subscribe', channel: team.channel });
    await ok(
      request(server.baseUrl, 'DELETE', `${TEAMS}/${team.projectId}/members/${team.bob.id}`, {
        token: team.bob.token,
      }),
      204,
    );
    expect(await bob.call({ type: 'history', channel: team.channel })).toMatchObject({
      code: 'FORBIDDEN',
    });
    const owner = await request(
      server.baseUrl,
      'DELETE',
      `${TEAMS}/${team.projectId}/members/${team.ada.id}`,
      { token: team.ada.token },
    );
    expect(owner.status).toBe(403);
  });
});
