import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { request, type TestApp } from '../helpers/test-app';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';
import { buildTeamWorld, ok, TEAMS } from '../teams/team-world';
import { startInstances, type Instances } from './helpers/instances';

/**
 * Removal from a team answered by one instance ends the member's use of the team channel on
 * the others' sockets too (docs/architecture.md §2.5): no later message reaches them.
 */
describe('team access across two instances on one PostgreSQL database', () => {
  let instances: Instances;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    instances = await startInstances(2);
    [a, b] = instances.apps as [TestApp, TestApp];
  });
  afterEach(() => closeAllSockets());
  afterAll(() => instances.close());

  it('drops a member removed through A from the channel on B', async () => {
    const team = await buildTeamWorld(a.baseUrl, 'cluster');
    const bobOnB = await connectSocket(buildSocketUrl(b.baseUrl, team.bob.token));
    const adaOnB = await connectSocket(buildSocketUrl(b.baseUrl, team.ada.token));
    const adaOnA = await connectSocket(buildSocketUrl(a.baseUrl, team.ada.token));
    await bobOnB.call({ type: 'subscribe', channel: team.channel });
    await adaOnB.call({ type: 'subscribe', channel: team.channel });

    await ok(
      request(a.baseUrl, 'DELETE', `${TEAMS}/${team.projectId}/members/${team.bob.id}`, {
        token: team.ada.token,
      }),
      204,
    );
    const sent = await adaOnA.call({
      type: 'publish',
      channel: team.channel,
      event: 'team.message',
      payload: { text: 'after Bob left' },
    });
    expect(sent).toMatchObject({ type: 'ack' });
    // B hands a message to all its local subscribers at once: once Ada's socket there has it,
    // anything for Bob's was already sent, and a ping now is answered after it.
    await adaOnB.next((frame) => frame.type === 'message' && frame.id === sent.id);
    bobOnB.send({ type: 'ping', ref: 'after' });
    const first = await bobOnB.next(
      (frame) =>
        (frame.type === 'message' && frame.channel === team.channel) ||
        (frame.type === 'pong' && frame.ref === 'after'),
    );
    expect(first).toMatchObject({ type: 'pong' });
    expect(await bobOnB.call({ type: 'subscribe', channel: team.channel })).toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
