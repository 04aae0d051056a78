import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';

const PATH = '/api/analytics/campus/log';
const event = (overrides: Record<string, unknown> = {}) => ({
  name: 'page_view',
  timestamp: '2025-03-01T12:00:00.000Z',
  sessionId: 'session-1',
  ...overrides,
});

describe.each(DIALECTS)('POST /api/analytics/:project/log on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => server?.close());

  const log = (body: unknown, token?: string) =>
    request(server.baseUrl, 'POST', PATH, { body, token });
  const storedRows = (sessionId: string) =>
    server.database.db
      .selectFrom('analytics_events')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('occurred_at')
      .execute();

  it('accepts anonymous events, normalising both timestamp forms to ISO', async () => {
    const response = await log({
      events: [
        event({ sessionId: 'anon', timestamp: Date.UTC(2025, 0, 2, 3, 4, 5, 6) }),
        event({ sessionId: 'anon', name: 'click', timestamp: '2025-01-03T01:00:00+02:00' }),
      ],
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ accepted: 2 });
    const rows = await storedRows('anon');
    expect(rows.map((row) => [row.name, row.occurred_at, row.user_id, row.properties])).toEqual([
      ['page_view', '2025-01-02T03:04:05.006Z', null, '{}'],
      ['click', '2025-01-02T23:00:00.000Z', null, '{}'],
    ]);
    expect(Date.now() - Date.parse(rows[0]!.received_at)).toBeLessThan(60_000);
  });

  it('clips every string in the properties, keys and nested values included, to 256', async () => {
    const long = 'x'.repeat(300);
    // An emoji straddling the cut is dropped whole rather than split in half.
    const emojiAtCut = `${'y'.repeat(255)}😀tail`;
    const properties = {
      [long]: long,
      nested: { list: [long, 7, true, null, { deep: long }], emojiAtCut },
      short: 'kept',
    };
    const response = await log({ events: [event({ sessionId: 'clip', properties })] });
    expect(response.status).toBe(202);
    const [row] = await storedRows('clip');
    const stored = JSON.parse(row!.properties) as Record<string, unknown>;
    const clipped = 'x'.repeat(256);
    expect(stored).toEqual({
      [clipped]: clipped,
      nested: { list: [clipped, 7, true, null, { deep: clipped }], emojiAtCut: 'y'.repeat(255) },
      short: 'kept',
    });
  });

  it("stores a signed-in student's account id, and not the service key's", async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    expect((await log({ events: [event({ sessionId: 'ada' })] }, ada.access_token)).status).toBe(
      202,
    );
    expect((await storedRows('ada'))[0]?.user_id).toBe(ada.user.id);
    expect((await log({ events: [event({ sessionId: 'svc' })] }, TEST_SERVICE_KEY)).status).toBe(
      202,
    );
    expect((await storedRows('svc'))[0]?.user_id).toBeNull();
  });

  it('accepts a full batch of 100 in one call', async () => {
    const events = Array.from({ length: 100 }, (_, i) =>
      event({ sessionId: 'full', name: `e${i}` }),
    );
    expect((await log({ events })).body).toEqual({ accepted: 100 });
    expect(await storedRows('full')).toHaveLength(100);
  });

  it('refuses an invalid token with 401 and an unknown project with 404', async () => {
    const bad = await log({ events: [event({ sessionId: 'bad' })] }, 'not-a-token');
    expect(bad.status).toBe(401);
    expect(bad.body).toMatchObject({ code: 'INVALID_TOKEN' });
    const elsewhere = await request(server.baseUrl, 'POST', '/api/analytics/elsewhere/log', {
      body: { events: [event({ sessionId: 'bad' })] },
    });
    expect(elsewhere.status).toBe(404);
    expect(await storedRows('bad')).toHaveLength(0);
  });

  it("erases a student's events with their account", async () => {
    const bo = await createVerifiedAccount(server.baseUrl, 'bo@mit.edu');
    await log({ events: [event({ sessionId: 'bo' })] }, bo.access_token);
    expect(await storedRows('bo')).toHaveLength(1);
    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: bo.access_token,
    });
    expect(deleted.status).toBe(204);
    expect(await storedRows('bo')).toHaveLength(0);
  });

  it('refuses the token of a deleted account and stores nothing', async () => {
    const cy = await createVerifiedAccount(server.baseUrl, 'cy@mit.edu');
    await request(server.baseUrl, 'DELETE', '/api/auth/me', { token: cy.access_token });
    const response = await log({ events: [event({ sessionId: 'cy' })] }, cy.access_token);
    expect(response.status).toBe(401);
    expect(await storedRows('cy')).toEqual([]);
  });
});
