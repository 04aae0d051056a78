import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, type TestApp } from '../helpers/test-app';
import { startInstances, type Instances } from './helpers/instances';

/** A client spreading its attempts over the instances meets one limit (architecture §2.5). */
describe('rate limits across two instances on one PostgreSQL database', () => {
  let instances: Instances;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    instances = await startInstances(2, {
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '20',
      MESSAGE_RATE_LIMIT_PER_MINUTE: '3',
    });
    [a, b] = instances.apps as [TestApp, TestApp];
  });
  afterAll(() => instances.close());

  it('limits 40 wrong sign-ins spread over both instances as one: 20 tries, then 429', async () => {
    const answers = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const server = attempt % 2 === 0 ? a : b;
      answers.push(
        await request(server.baseUrl, 'POST', '/api/auth/signin', {
          body: { email: 'nobody@mit.edu', password: `wrong-guess-${attempt}` },
        }),
      );
    }
    const statuses = answers.map((answer) => answer.status);
    // Each instance alone saw 20: counted per process, none would have been refused.
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(20).fill(429));
    expect(answers[39]!.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(answers[39]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('counts rows written through both instances in one window', async () => {
    const sender = await createVerifiedAccount(a.baseUrl, 'sender@mit.edu');
    const recipient = await createVerifiedAccount(a.baseUrl, 'recipient@mit.edu');
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const server = index % 2 === 0 ? a : b;
      const sent = await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/messages', {
        token: sender.access_token,
        body: {
          id: `m_limit_${index}`,
          recipient_id: recipient.user.id,
          subject: 'Hi',
          message: 'x',
        },
      });
      statuses.push(sent.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it('counts on connections that skip the disk flush, while students’ rows keep the server’s durability', async () => {
    const commitSetting = async (db: Kysely<Database>) => {
      const { rows } = await sql<{ setting: string; source: string }>`
        select setting, source from pg_settings where name = 'synchronous_commit'`.execute(db);
      return rows[0];
    };
    const { database } = instances;
    expect(database.countersDb).toBeDefined();
    expect(await commitSetting(database.countersDb!)).toEqual({
      setting: 'off',
      source: 'session',
    });
    // The app's own connections leave it to the server (on by default; this test cluster runs
    // without durability, so only the source is checked).
    expect((await commitSetting(database.db))?.source).not.toBe('session');
  });
});
