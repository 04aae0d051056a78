import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(DIALECTS)('deleting an account on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('erases the profile, projects, applications, messages and sessions it owns, and nothing else', async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const bob = await createVerifiedAccount(server.baseUrl, 'bob@mit.edu');
    const db = server.database.db;
    const now = new Date().toISOString();
    const profile = (id: string, userId: string, email: string, code: string) => ({
      id,
      user_id: userId,
      name: id,
      email,
      university: 'MIT',
      role: 'Student',
      referral_code: code,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('users')
      .values([
        profile('user_ada', ada.user.id, 'ada@mit.edu', 'ada123'),
        profile('user_bob', bob.user.id, 'bob@mit.edu', 'bob123'),
      ])
      .execute();
    const project = (id: string, owner: string) => ({
      id,
      title: id,
      description: 'd',
      posted_by_id: owner,
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('projects')
      .values([project('p_ada', ada.user.id), project('p_bob', bob.user.id)])
      .execute();
    const application = (id: string, projectId: string, applicant: string) => ({
      id,
      project_id: projectId,
      applicant_id: applicant,
      message: 'I would like to join this project!',
      created_at: now,
      updated_at: now,
    });
    await db
      .insertInto('applications')
      .values([
        application('a_bob_to_ada', 'p_ada', bob.user.id),
        application('a_ada_to_bob', 'p_bob', ada.user.id),
      ])
      .execute();
    const message = (id: string, from: string, to: string) => ({
      id,
      sender_id: from,
      recipient_id: to,
      subject: 's',
      message: 'm',
      created_at: now,
    });
    await db
      .insertInto('messages')
      .values([message('m1', ada.user.id, bob.user.id), message('m2', bob.user.id, ada.user.id)])
      .execute();

    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: ada.access_token,
    });
    expect(deleted.status).toBe(204);

    const ids = async (table: 'users' | 'projects' | 'applications' | 'messages') =>
      (await db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);
    expect(await ids('users')).toEqual(['user_bob']);
    expect(await ids('projects')).toEqual(['p_bob']);
    expect(await ids('applications')).toEqual([]);
    expect(await ids('messages')).toEqual([]);
    const sessions = await db.selectFrom('auth_sessions').select('account_id').execute();
    expect(sessions.every((row) => row.account_id === bob.user.id)).toBe(true);

    // The deleted student is signed out everywhere; the other is untouched.
    expect(
      (await request(server.baseUrl, 'GET', '/api/auth/me', { token: ada.access_token })).status,
    ).toBe(401);
    expect(
      (
        await request(server.baseUrl, 'POST', '/api/auth/refresh', {
          body: { refresh_token: ada.refresh_token },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await request(server.baseUrl, 'POST', '/api/auth/signin', {
          body: { email: 'ada@mit.edu', password: 'correct-horse-battery' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await request(server.baseUrl, 'GET', '/api/auth/me', { token: bob.access_token })).status,
    ).toBe(200);
  });
});
