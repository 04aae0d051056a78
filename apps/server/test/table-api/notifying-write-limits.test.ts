import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { ERROR_KEYS } from '../helpers/postgrest-errors';

/**
 * docs/security.md, Data: writes that notify someone are limited per sender, counting rows, not
 * requests. A refused write stores nothing and tells the client when to retry.
 */

const REST = '/api/db/campus/rest/v1';
const NAMES = ['ada', 'bob', 'carol', 'dan'] as const;
type Name = (typeof NAMES)[number];
const LIMITS = { messages: 30, applications: 10 };

const messages = (count: number, recipient: string, tag: string) =>
  Array.from({ length: count }, (_, index) => ({
    id: `m_${tag}_${index}`,
    recipient_id: recipient,
    subject: `Hello ${index}`,
    message: 'Join us?',
  }));
const applications = (projects: string[]) =>
  projects.map((project) => ({
    project_id: project,
    message: 'I would like to join this project!',
  }));

describe.each(DIALECTS)('limits on writes that notify on %s', (kind) => {
  let server: TestApp;
  let ids: Record<Name, string>;
  let tokens: Record<Name, string>;

  const post = (as: Name, table: string, body: unknown, headers: Record<string, string> = {}) =>
    request<Record<string, unknown>>(server.baseUrl, 'POST', `${REST}/${table}`, {
      token: tokens[as],
      headers,
      body,
    });
  const countRows = async (table: 'messages' | 'applications', column: string, id: string) =>
    (
      await server.database.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('rows'))
        .where(column as 'id', '=', id)
        .executeTakeFirstOrThrow()
    ).rows;
  const expectRefusal = (
    response: Awaited<ReturnType<typeof post>>,
    status: number,
    code: string,
  ) => {
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(Object.keys(response.body).sort()).toEqual(ERROR_KEYS);
    expect(response.body.code).toBe(code);
  };

  beforeAll(async () => {
    server = await startTestApp(kind, {
      MESSAGE_RATE_LIMIT_PER_MINUTE: String(LIMITS.messages),
      APPLICATION_RATE_LIMIT_PER_MINUTE: String(LIMITS.applications),
    });
    ({ ids, tokens } = await createVerifiedStudents(server.baseUrl, NAMES));
    const projects = Array.from({ length: 12 }, (_, index) => ({
      id: `p_bob_${index}`,
      title: `Project ${index}`,
      description: 'Help wanted',
    }));
    expect((await post('bob', 'projects', projects)).status).toBe(201);
  });
  afterAll(() => server.close());

  it('takes a whole minute of messages in one array, then answers 429 with Retry-After', async () => {
    expect((await post('ada', 'messages', messages(30, ids.bob, 'ada'))).status).toBe(201);
    const next = await post('ada', 'messages', messages(1, ids.bob, 'ada_over'));
    expectRefusal(next, 429, 'RATE_LIMITED');
    const retryAfter = Number(next.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await countRows('messages', 'sender_id', ids.ada)).toBe(30);
    // Other senders have minutes of their own.
    expect((await post('carol', 'messages', messages(1, ids.bob, 'carol'))).status).toBe(201);
  });

  it('counts rows, not requests: an array that would pass the limit writes nothing', async () => {
    expect((await post('dan', 'messages', messages(25, ids.bob, 'dan'))).status).toBe(201);
    const over = await post('dan', 'messages', messages(6, ids.bob, 'dan_over'));
    expectRefusal(over, 429, 'RATE_LIMITED');
    expect(await countRows('messages', 'sender_id', ids.dan)).toBe(25);
    expect((await post('dan', 'messages', messages(5, ids.bob, 'dan_last'))).status).toBe(201);
  });

  it('refuses more rows in one request than a minute allows, whatever the resolution', async () => {
    for (const headers of [
      { prefer: 'return=minimal' },
      { prefer: 'resolution=ignore-duplicates' },
      { prefer: 'resolution=merge-duplicates' },
    ]) {
      const big = await post('carol', 'messages', messages(2000, ids.bob, 'big'), headers);
      expectRefusal(big, 413, 'PAYLOAD_TOO_LARGE');
    }
    expect(await countRows('messages', 'sender_id', ids.carol)).toBe(1);
  });

  it('limits applications per applicant and minute', async () => {
    const first = applications(Array.from({ length: 10 }, (_, index) => `p_bob_${index}`));
    expect((await post('ada', 'applications', first)).status).toBe(201);
    const next = await post('ada', 'applications', applications(['p_bob_10']));
    expectRefusal(next, 429, 'RATE_LIMITED');
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await countRows('applications', 'applicant_id', ids.ada)).toBe(10);
    expect((await post('carol', 'applications', applications(['p_bob_10']))).status).toBe(201);
    const big = await post('dan', 'applications', applications(Array(11).fill('p_bob_11')));
    expectRefusal(big, 413, 'PAYLOAD_TOO_LARGE');
  });
});
