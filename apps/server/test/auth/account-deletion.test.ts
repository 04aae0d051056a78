import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { applicationRow, messageRow, profileRow, projectRow } from '../helpers/rows';
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
    await db
      .insertInto('users')
      .values([profileRow('ada', ada.user.id), profileRow('bob', bob.user.id)])
      .execute();
    await db
      .insertInto('projects')
      .values([projectRow('p_ada', ada.user.id), projectRow('p_bob', bob.user.id)])
      .execute();
    await db
      .insertInto('applications')
      .values([
        applicationRow('a_bob_to_ada', 'p_ada', bob.user.id),
        applicationRow('a_ada_to_bob', 'p_bob', ada.user.id),
      ])
      .execute();
    await db
      .insertInto('messages')
      .values([
        messageRow('m1', ada.user.id, bob.user.id),
        messageRow('m2', bob.user.id, ada.user.id),
      ])
      .execute();

    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: ada.access_token,
    });
    expect(deleted.status).toBe(204);

    const ids = async (table: 'users' | 'projects' | 'applications' | 'messages') =>
      (await db.selectFrom(table).select('id').orderBy('id').execute()).map((row) => row.id);
    expect(await ids('users')).toEqual(['u_bob']);
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
