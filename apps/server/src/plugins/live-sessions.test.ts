import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../db/dialects/sqlite';
import { migrateToLatest } from '../db/migrate';
import { createLiveSessions } from './live-sessions';

describe('live sessions', () => {
  const database = openSqlite(':memory:');
  const { db } = database;
  const now = new Date().toISOString();

  const startSession = (id: string) =>
    db.insertInto('auth_sessions').values({ id, account_id: 'ada', created_at: now }).execute();
  const revoke = (id: string) =>
    db.updateTable('auth_sessions').set({ revoked_at: now }).where('id', '=', id).execute();

  beforeAll(async () => {
    await migrateToLatest(db);
    await db
      .insertInto('auth_accounts')
      .values({
        id: 'ada',
        email: 'ada@mit.edu',
        password_hash: '-',
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  afterAll(() => database.close());

  it('answers from memory once seen live, and asks again once told the sign-in ended', async () => {
    const sessions = createLiveSessions(database);
    await startSession('s1');
    expect(await sessions.isLive('s1', 'ada')).toBe(true);
    // Revoked behind its back: still remembered, as another instance would see it for a while.
    await revoke('s1');
    expect(await sessions.isLive('s1', 'ada')).toBe(true);
    sessions.forget({ accountId: 'ada', sessionIds: ['s1'] });
    expect(await sessions.isLive('s1', 'ada')).toBe(false);
  });

  it('forgets every sign-in of an account at once, and only that account', async () => {
    const sessions = createLiveSessions(database);
    await startSession('s2');
    await startSession('s3');
    expect(await sessions.isLive('s2', 'ada')).toBe(true);
    expect(await sessions.isLive('s3', 'ada')).toBe(true);
    await revoke('s2');
    await revoke('s3');
    sessions.forget({ accountId: 'someone-else', sessionIds: null });
    expect(await sessions.isLive('s2', 'ada')).toBe(true);
    sessions.forget({ accountId: 'ada', sessionIds: null });
    expect(await sessions.isLive('s2', 'ada')).toBe(false);
    expect(await sessions.isLive('s3', 'ada')).toBe(false);
  });

  it('refuses a session of another account, or none', async () => {
    const sessions = createLiveSessions(database);
    await startSession('s5');
    expect(await sessions.isLive('s5', 'bob')).toBe(false);
    expect(await sessions.isLive('no-such-session', 'ada')).toBe(false);
  });
});
