import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

type Profile = {
  id: string;
  referral_code: string;
  referral_count: number;
  referred_by: string | null;
};

describe.each(DIALECTS)('referral credit on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const createProfile = async (email: string, name: string, referredBy?: string) => {
    const account = await createVerifiedAccount(server.baseUrl, email);
    const response = await request<Profile[]>(
      server.baseUrl,
      'POST',
      '/api/db/campus/rest/v1/users',
      {
        token: account.access_token,
        headers: { prefer: 'return=representation' },
        body: {
          name,
          university: 'MIT',
          role: 'Student',
          ...(referredBy === undefined ? {} : { referred_by: referredBy }),
        },
      },
    );
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return { token: account.access_token, profile: response.body[0]! };
  };
  const leaderboard = async (token: string) =>
    (
      await request<{ name: string; referral_count: number }[]>(
        server.baseUrl,
        'GET',
        '/api/db/campus/rest/v1/users?university=eq.MIT&order=referral_count.desc,created_at.asc&limit=100&select=name,referral_count',
        { token },
      )
    ).body;

  it('gives each profile a code from its name and credits the referrer once per new profile', async () => {
    const ada = await createProfile('ada@mit.edu', 'Ada Lovelace');
    expect(ada.profile.referral_code).toMatch(/^adalo\d{3}$/);
    const grace = await createProfile('grace@mit.edu', 'Grace Hopper');
    expect((await leaderboard(ada.token)).map((row) => row.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);

    // Codes are case-insensitive when typed; the credit and the rank change at once.
    const alan = await createProfile(
      'alan@mit.edu',
      'Alan Turing',
      grace.profile.referral_code.toUpperCase(),
    );
    expect(alan.profile.referred_by).toBe(grace.profile.referral_code);
    const board = await leaderboard(ada.token);
    expect(board[0]).toEqual({ name: 'Grace Hopper', referral_count: 1 });

    // Creating the profile again (it already exists) credits no one.
    const again = await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/users', {
      token: alan.token,
      body: {
        name: 'Alan Again',
        university: 'MIT',
        role: 'Student',
        referred_by: grace.profile.referral_code,
      },
    });
    expect(again.status).toBe(409);
    expect((await leaderboard(ada.token))[0]).toEqual({ name: 'Grace Hopper', referral_count: 1 });
  });

  it('drops an unknown code instead of storing it', async () => {
    const linus = await createProfile('linus@mit.edu', 'Linus', 'nosuch123');
    expect(linus.profile.referred_by).toBeNull();
  });

  it('refuses a malformed code', async () => {
    const account = await createVerifiedAccount(server.baseUrl, 'mallory@mit.edu');
    const response = await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/users', {
      token: account.access_token,
      body: {
        name: 'Mallory',
        university: 'MIT',
        role: 'Student',
        referred_by: "x'; drop table users;--",
      },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: '23514' });
  });

  it('never lets a student raise a count directly', async () => {
    const eve = await createProfile('eve@mit.edu', 'Eve');
    const response = await request(
      server.baseUrl,
      'PATCH',
      `/api/db/campus/rest/v1/users?id=eq.${eve.profile.id}`,
      {
        token: eve.token,
        body: { referral_count: 500 },
      },
    );
    expect(response.status).toBe(403);
    const stored = await server.database.db
      .selectFrom('users')
      .select('referral_count')
      .where('id', '=', eve.profile.id)
      .executeTakeFirstOrThrow();
    expect(stored.referral_count).toBe(0);
  });
});
