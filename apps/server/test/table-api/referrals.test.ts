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

/**
 * docs/security.md, Data: a referral is credited for rows the INSERT really wrote, once per account
 * ever. Each case starts from a fresh account and a fresh referrer, so counts are exact.
 */
describe.each(DIALECTS)('referral inflation attempts on %s', (kind) => {
  let server: TestApp;
  let serial = 0;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const USERS = '/api/db/campus/rest/v1/users';
  const profileBody = (code: string | null, university = 'MIT') => ({
    name: 'Mallory Inflate',
    university,
    role: 'Student',
    referred_by: code,
  });
  const newAccount = async (prefix: string) => {
    serial += 1;
    return createVerifiedAccount(server.baseUrl, `${prefix}${serial}@mit.edu`);
  };
  /** A referrer with a profile: the account, its code and a reader of its count. */
  const newReferrer = async () => {
    const account = await newAccount('referrer');
    const created = await request<Profile[]>(server.baseUrl, 'POST', USERS, {
      token: account.access_token,
      headers: { prefer: 'return=representation' },
      body: { name: 'Rita Referrer', university: 'MIT', role: 'Student' },
    });
    expect(created.status).toBe(201);
    const code = created.body[0]!.referral_code;
    const count = async () =>
      (
        await server.database.db
          .selectFrom('users')
          .select('referral_count')
          .where('referral_code', '=', code)
          .executeTakeFirstOrThrow()
      ).referral_count;
    return { account, code, count };
  };
  const post = (token: string, body: unknown, query = '', prefer = 'return=representation') =>
    request<Profile[] & Record<string, unknown>>(server.baseUrl, 'POST', `${USERS}${query}`, {
      token,
      headers: { prefer },
      body,
    });
  const deleteOwnProfile = async (token: string) => {
    const deleted = await request(server.baseUrl, 'DELETE', `${USERS}?user_id=not.is.null`, {
      token,
      headers: { prefer: 'return=representation' },
    });
    expect(deleted.status).toBe(200);
  };

  it.each([
    {
      name: '2,000 rows, ignore-duplicates on user_id',
      query: '?on_conflict=user_id',
      prefer: 'resolution=ignore-duplicates',
      rows: 2000,
      status: 201,
      written: 1,
      credit: 1,
    },
    {
      name: '2,000 rows, ignore-duplicates on id',
      query: '?on_conflict=id',
      prefer: 'resolution=ignore-duplicates',
      rows: 2000,
      status: 409,
      written: 0,
      credit: 0,
    },
    {
      name: '2,000 rows, merge-duplicates on user_id',
      query: '?on_conflict=user_id',
      prefer: 'resolution=merge-duplicates',
      rows: 2000,
      status: 400,
      written: 0,
      credit: 0,
    },
    {
      name: '2 rows, merge-duplicates on user_id',
      query: '?on_conflict=user_id',
      prefer: 'resolution=merge-duplicates',
      rows: 2,
      status: 400,
      written: 0,
      credit: 0,
    },
    {
      name: '2,000 rows, plain insert',
      query: '',
      prefer: '',
      rows: 2000,
      status: 409,
      written: 0,
      credit: 0,
    },
  ])('$name: credits $credit', async ({ query, prefer, rows, status, written, credit }) => {
    const referrer = await newReferrer();
    const account = await newAccount('bulk');
    const body = Array.from({ length: rows }, () => profileBody(referrer.code));
    const response = await post(
      account.access_token,
      body,
      query,
      ['return=representation', prefer].filter(Boolean).join(', '),
    );
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(status);
    if (status === 201) expect(response.body).toHaveLength(written);
    else expect(Object.keys(response.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    expect(await referrer.count()).toBe(credit);
  });

  it('credits nobody when an existing profile is upserted again, whatever the resolution', async () => {
    const referrer = await newReferrer();
    const account = await newAccount('again');
    expect(
      (await post(account.access_token, { name: 'First', university: 'MIT', role: 'Student' }))
        .status,
    ).toBe(201);
    for (const resolution of ['ignore-duplicates', 'merge-duplicates']) {
      const response = await post(
        account.access_token,
        profileBody(referrer.code),
        '?on_conflict=user_id',
        `return=representation, resolution=${resolution}`,
      );
      expect(response.status).toBe(201);
    }
    expect(await referrer.count()).toBe(0);
  });

  it('credits once per account, however often the profile is deleted and created again', async () => {
    const first = await newReferrer();
    const second = await newReferrer();
    const account = await newAccount('recreate');
    const created = await post(account.access_token, profileBody(first.code));
    expect(created.body[0]!.referred_by).toBe(first.code);
    for (let round = 0; round < 3; round++) {
      await deleteOwnProfile(account.access_token);
      // Another referrer's code is not taken either: the first profile's referrer stays.
      const again = await post(account.access_token, profileBody(second.code));
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body[0]!.referred_by).toBe(first.code);
      expect(again.body[0]!.referral_count).toBe(0);
    }
    expect(await first.count()).toBe(1);
    expect(await second.count()).toBe(0);
  });

  it('gives no credit to a code added only when the profile is created again', async () => {
    const referrer = await newReferrer();
    const account = await newAccount('late');
    const plain = await post(account.access_token, {
      name: 'Late Code',
      university: 'MIT',
      role: 'Student',
    });
    expect(plain.status).toBe(201);
    await deleteOwnProfile(account.access_token);
    const again = await post(account.access_token, profileBody(referrer.code));
    expect(again.status).toBe(201);
    expect(again.body[0]!.referred_by).toBeNull();
    expect(await referrer.count()).toBe(0);
  });

  it('keeps the university of the first profile: a different one is refused, the same accepted', async () => {
    const account = await newAccount('campus');
    expect((await post(account.access_token, profileBody(null, 'MIT'))).status).toBe(201);
    await deleteOwnProfile(account.access_token);
    const moved = await post(account.access_token, profileBody(null, 'Stanford'));
    expect(moved.status).toBe(403);
    expect(moved.body).toMatchObject({ code: '42501' });
    expect(String(moved.body.message)).toContain('MIT');
    const own = await request<unknown[]>(
      server.baseUrl,
      'GET',
      `${USERS}?user_id=not.is.null&select=id&email=not.is.null`,
      {
        token: account.access_token,
      },
    );
    expect(own.body).toEqual([]);
    const back = await post(account.access_token, profileBody(null, 'MIT'));
    expect(back.status).toBe(201);
    expect(back.body[0]).toMatchObject({ university: 'MIT' });
  });

  it('forgets what the first profile fixed only when the account is deleted', async () => {
    const account = await newAccount('leaver');
    expect((await post(account.access_token, profileBody(null, 'MIT'))).status).toBe(201);
    const firstProfile = () =>
      server.database.db
        .selectFrom('first_profiles')
        .select('university')
        .where('account_id', '=', account.user.id)
        .execute();
    await deleteOwnProfile(account.access_token);
    expect(await firstProfile()).toEqual([{ university: 'MIT' }]);
    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: account.access_token,
    });
    expect(deleted.status).toBe(204);
    expect(await firstProfile()).toEqual([]);
  });

  it('credits once when many creations of one profile race', async () => {
    const referrer = await newReferrer();
    const account = await newAccount('race');
    const attempts = Array.from({ length: 12 }, (_, index) =>
      post(
        account.access_token,
        profileBody(referrer.code),
        index % 2 ? '?on_conflict=user_id' : '',
        index % 2 ? 'resolution=ignore-duplicates' : 'return=minimal',
      ),
    );
    const statuses = (await Promise.all(attempts)).map((response) => response.status);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    expect(await referrer.count()).toBe(1);
  });

  it('credits once when deletions and creations of one profile race', async () => {
    const referrer = await newReferrer();
    const account = await newAccount('churn');
    expect((await post(account.access_token, profileBody(referrer.code))).status).toBe(201);
    const churn = Array.from({ length: 8 }, (_, index) =>
      index % 2
        ? request(server.baseUrl, 'DELETE', `${USERS}?user_id=not.is.null`, {
            token: account.access_token,
          })
        : post(account.access_token, profileBody(referrer.code)),
    );
    for (const response of await Promise.all(churn)) {
      // A delete that races a creation may see the new row it did not match: 403 (change.ts).
      expect([201, 204, 403, 409]).toContain(response.status);
    }
    expect(await referrer.count()).toBe(1);
  });
});
