import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema';
import {
  createPostgresCounters,
  createRateLimitRows,
} from '../../src/lib/cluster/postgres-counters';
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
      REFRESH_RATE_LIMIT_PER_MINUTE: '12',
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

  it('counts requests that arrive together on both instances one by one: 12 pass, then 429', async () => {
    // Requests that arrive in one turn of an instance's event loop are counted in one statement
    // (lib/cluster/postgres-counters.ts); each must still meet the limit as if it came alone.
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) =>
        request(attempt % 2 === 0 ? a.baseUrl : b.baseUrl, 'POST', '/api/auth/refresh', {
          body: { refresh_token: `not-a-token-${attempt}` },
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([...Array(12).fill(401), ...Array(8).fill(429)]);
    const refused = answers.find((answer) => answer.status === 429)!;
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers requests counted together in one statement as if each had come alone', async () => {
    const onA = createRateLimitRows(a.app.database.countersDb ?? a.app.database.db);
    const onB = createRateLimitRows(b.app.database.countersDb ?? b.app.database.db);
    const shared = onA.rowKey('test', 'shared');
    const other = onA.rowKey('test', 'other');
    // Made in one turn: each instance counts its own calls in one upsert.
    const calls = Array.from({ length: 10 }, () => [
      onA.increment(shared, 60_000),
      onB.increment(shared, 60_000),
      onA.increment(other, 60_000),
    ]).flat();
    const answers = await Promise.all(calls);
    const sharedOnA = answers.filter((_, index) => index % 3 === 0).map((one) => one.current);
    const sharedOnB = answers.filter((_, index) => index % 3 === 1).map((one) => one.current);
    const otherOnA = answers.filter((_, index) => index % 3 === 2).map((one) => one.current);
    const ascending = (values: number[]) => [...values].sort((x, y) => x - y);
    // Every count once, and each instance's calls counted in the order they were made.
    expect(ascending([...sharedOnA, ...sharedOnB])).toEqual(range(1, 20));
    expect(sharedOnA).toEqual(ascending(sharedOnA));
    expect(sharedOnB).toEqual(ascending(sharedOnB));
    expect(otherOnA).toEqual(range(1, 10));
    for (const { ttl } of answers) {
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
    }
  });

  it('takes amounts made together on both instances as if each had come alone', async () => {
    const countersA = createPostgresCounters(
      createRateLimitRows(a.app.database.countersDb ?? a.app.database.db),
    );
    const countersB = createPostgresCounters(
      createRateLimitRows(b.app.database.countersDb ?? b.app.database.db),
    );
    const limit = { max: 10, windowMs: 60_000 };
    // Made in one turn: ten takes of 2 for one key through each instance, and on A takes of
    // another key with its own limit, one too big to ever fit.
    const shared = [countersA, countersB].map((counters) =>
      Array.from({ length: 10 }, () => counters.take('together', 2, limit)),
    );
    const others = [
      countersA.take('apart', 3, { max: 4, windowMs: 60_000 }),
      countersA.take('apart', 3, { max: 4, windowMs: 60_000 }),
      countersA.take('apart', 9, { max: 4, windowMs: 60_000 }),
      countersA.take('apart', 1, { max: 4, windowMs: 60_000 }),
    ];
    const [onA, onB] = await Promise.all(shared.map((takes) => Promise.all(takes)));
    const apart = await Promise.all(others);

    // Five takes of 2 fit in 10, whichever instance made them; each instance's in turn.
    const taken = [...onA!, ...onB!].filter((answer) => answer.taken);
    expect(taken.map((answer) => answer.count).sort((x, y) => x - y)).toEqual([2, 4, 6, 8, 10]);
    for (const answers of [onA!, onB!]) {
      const flags = answers.map((answer) => answer.taken);
      expect(flags).toEqual([...flags].sort().reverse());
    }
    expect([...onA!, ...onB!].filter((answer) => !answer.taken).every((a) => a.count === 10)).toBe(
      true,
    );
    expect(apart.map(({ taken: done, count }) => [done, count])).toEqual([
      [true, 3],
      [false, 3],
      [false, 3],
      [true, 4],
    ]);
    for (const { resetsInMs } of [...onA!, ...onB!, ...apart]) {
      expect(resetsInMs).toBeGreaterThan(0);
      expect(resetsInMs).toBeLessThanOrEqual(60_000);
    }
  });

  it('never answers more time left than the window, whoever opened it', async () => {
    // A statement reads the clock when it begins. When one that began later on the other instance
    // opens the window first, the window ends later than this statement's clock plus its length:
    // here it ends a second past that, as if opened a second after this statement began.
    const db = a.app.database.countersDb ?? a.app.database.db;
    const rows = createRateLimitRows(db);
    const counted = rows.rowKey('test', 'opened-later');
    const taken = rows.rowKey('count', 'opened-later');
    for (const key of [counted, taken]) {
      await db
        .insertInto('rate_limits')
        .values({
          key,
          count: 1,
          taken: true,
          window_ends_at: sql<number>`(extract(epoch from now()) * 1000)::bigint + 61000`,
        })
        .execute();
    }
    const increment = await rows.increment(counted, 60_000);
    const take = await createPostgresCounters(rows).take('opened-later', 1, {
      max: 5,
      windowMs: 60_000,
    });
    expect(increment.current).toBe(2);
    expect(increment.ttl).toBeLessThanOrEqual(60_000);
    expect(take).toMatchObject({ taken: true, count: 2 });
    expect(take.resetsInMs).toBeLessThanOrEqual(60_000);
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

const range = (first: number, last: number) =>
  Array.from({ length: last - first + 1 }, (_, index) => first + index);
