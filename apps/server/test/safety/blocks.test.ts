import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { createSafetyWorld, idsOf, REST } from './world';

/**
 * Blocking: once ada blocks ben, neither reaches the other (messages, applications) and each
 * stops seeing the other in every list, old messages included; the block is ada's alone to see
 * and lift.
 */
describe.each(DIALECTS)('blocks on %s', (kind) => {
  let server: TestApp;
  let world: Awaited<ReturnType<typeof createSafetyWorld>>;

  beforeAll(async () => {
    server = await startTestApp(kind);
    world = await createSafetyWorld(server);
    const blocked = await world.as('ada').post(`${REST}/blocks`, { blocked_id: world.ids.ben });
    expect(blocked.status).toBe(201);
  });
  afterAll(async () => server.close());

  it('stores the block as ada’s, with the blocked student’s name', async () => {
    const mine = await world.as('ada').get(`${REST}/blocks`);
    expect(mine.body).toEqual([
      expect.objectContaining({
        blocker_id: world.ids.ada,
        blocked_id: world.ids.ben,
        blocked_name: 'ben',
      }),
    ]);
  });

  it('refuses the blocked student’s message and application with a neutral 403', async () => {
    const message = await world.as('ben').post(`${REST}/messages`, {
      recipient_id: world.ids.ada,
      subject: 'Hi',
      message: 'Please answer',
    });
    expect(message.status).toBe(403);
    expect(message.body).toMatchObject({
      code: '42501',
      message: 'You can’t message this student',
    });
    const application = await world.as('ben').post(`${REST}/applications`, {
      project_id: 'p_ada',
      message: 'Let me in',
    });
    expect(application.status).toBe(403);
    expect(application.body).toMatchObject({
      code: '42501',
      message: 'You can’t apply to this project',
    });
  });

  it('refuses the blocker writing to the one she blocked, with the same words', async () => {
    const message = await world.as('ada').post(`${REST}/messages`, {
      recipient_id: world.ids.ben,
      subject: 'Hi',
      message: 'Hello',
    });
    expect(message.status).toBe(403);
    expect(message.body).toMatchObject({ message: 'You can’t message this student' });
  });

  it('leaves each out of the other’s profiles and projects, both directions', async () => {
    expect(idsOf((await world.as('ben').get(`${REST}/users`)).body, 'user_id')).not.toContain(
      world.ids.ada,
    );
    expect(idsOf((await world.as('ada').get(`${REST}/users`)).body, 'user_id')).not.toContain(
      world.ids.ben,
    );
    expect(idsOf((await world.as('ben').get(`${REST}/projects`)).body)).toEqual(['p_ben', 'p_cy']);
    expect((await world.as('ada').get(`${REST}/projects?id=eq.p_ben`)).body).toEqual([]);
    // Someone else still sees both.
    expect(idsOf((await world.as('cy').get(`${REST}/projects`)).body)).toEqual([
      'p_ada',
      'p_ben',
      'p_cy',
    ]);
  });

  it('hides the messages between them from both inboxes', async () => {
    expect(idsOf((await world.as('ada').get(`${REST}/messages`)).body)).toEqual(['m_cy_to_ada']);
    expect((await world.as('ben').get(`${REST}/messages`)).body).toEqual([]);
  });

  it('keeps the block from anyone else: unreadable, undeletable, unchangeable', async () => {
    expect((await world.as('cy').get(`${REST}/blocks`)).body).toEqual([]);
    expect((await world.as('ben').get(`${REST}/blocks`)).body).toEqual([]);
    const removed = await world.as('ben').delete(`${REST}/blocks?blocked_id=eq.${world.ids.ben}`);
    expect(removed.body).toEqual([]);
    const changed = await world.as('ada').patch(`${REST}/blocks?blocked_id=eq.${world.ids.ben}`, {
      blocked_id: world.ids.cy,
    });
    expect(changed.status).toBeGreaterThanOrEqual(400);
    expect(changed.status).toBeLessThan(500);
    expect((await world.as('ada').get(`${REST}/blocks`)).body).toHaveLength(1);
  });

  it('refuses blocking oneself, a missing account, a duplicate and a forged blocker', async () => {
    const self = await world.as('cy').post(`${REST}/blocks`, { blocked_id: world.ids.cy });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ message: 'You cannot block yourself' });
    const missing = await world.as('cy').post(`${REST}/blocks`, { blocked_id: 'nobody' });
    expect(missing.status).toBe(409);
    expect(missing.body).toMatchObject({ code: '23503' });
    const again = await world.as('ada').post(`${REST}/blocks`, { blocked_id: world.ids.ben });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      code: '23505',
      message: 'You have already blocked this student',
    });
    const forged = await world.as('cy').post(`${REST}/blocks`, {
      blocked_id: world.ids.ada,
      blocker_id: world.ids.ben,
    });
    // A column only the server writes, as for every table (PostgreSQL's permission denied).
    expect(forged.status).toBe(403);
    expect(forged.body).toMatchObject({ code: '42501' });
    const many = await world
      .as('cy')
      .post(`${REST}/blocks`, [{ blocked_id: world.ids.ada }, { blocked_id: world.ids.ada }]);
    expect(many.status).toBe(409);
    expect((await world.as('cy').get(`${REST}/blocks`)).body).toEqual([]);
  });

  it('lets the blocker unblock, and both see each other again', async () => {
    const removed = await world.as('ada').delete(`${REST}/blocks?blocked_id=eq.${world.ids.ben}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toHaveLength(1);
    expect(idsOf((await world.as('ben').get(`${REST}/users`)).body, 'user_id')).toContain(
      world.ids.ada,
    );
    expect(idsOf((await world.as('ada').get(`${REST}/messages`)).body)).toContain('m_ben_to_ada');
    const message = await world.as('ben').post(`${REST}/messages`, {
      recipient_id: world.ids.ada,
      subject: 'Hi',
      message: 'Thanks',
    });
    expect(message.status).toBe(201);
  });

  it('removes blocks both ways with the account', async () => {
    await world.as('cy').post(`${REST}/blocks`, { blocked_id: world.ids.ada });
    await world.as('ada').post(`${REST}/blocks`, { blocked_id: world.ids.cy });
    const deleted = await fetch(`${server.baseUrl}/api/auth/me`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${world.tokens.cy}` },
    });
    expect(deleted.status).toBe(204);
    expect((await world.as('ada').get(`${REST}/blocks`)).body).toEqual([]);
  });
});
