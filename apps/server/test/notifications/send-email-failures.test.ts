import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../helpers/postgres-cluster';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { DIALECTS } from '../helpers/test-database';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';
import { createAccountThroughSink, emailsTo } from './fixtures';

const PATH = '/api/notifications/campus/email';

/** The subjects of the emails waiting in the queue (PostgreSQL) for `to`. */
async function queuedTo(server: TestApp, to: string): Promise<string[]> {
  const { rows } = await sql<{ subject: string }>`
    select data->>'subject' as subject from pgboss.job
    where name = 'email' and data->>'to' = ${to}`.execute(server.database.db);
  return rows.map((row) => row.subject);
}

describe.each(DIALECTS)('email sending limits on %s', (kind) => {
  let sink: SmtpSink;
  let server: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, { SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server?.close();
    await sink?.close();
  });

  it('limits a student to 10 emails an hour, but not the service key', async () => {
    const bob = await createAccountThroughSink(server, sink, 'bob@mit.edu');
    const send = (token: string, to: string) =>
      request(server.baseUrl, 'POST', PATH, { body: { to, subject: 'Ping', text: 'ping' }, token });
    for (let i = 0; i < 10; i++)
      expect((await send(bob.access_token, 'bob@mit.edu')).status).toBe(202);
    const refused = await send(bob.access_token, 'bob@mit.edu');
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    // On PostgreSQL they leave through the queue, a moment after the answers.
    await vi.waitFor(() =>
      expect(
        emailsTo(sink, 'bob@mit.edu').filter((email) => email.subject === 'Ping'),
      ).toHaveLength(10),
    );
    expect((await send(TEST_SERVICE_KEY, 'bob@mit.edu')).status).toBe(202);
  });
});

describe.each(DIALECTS)('when the mail server is down, on %s', (kind) => {
  let server: TestApp;

  beforeAll(async () => {
    // Nothing listens on a freshly freed port, so every SMTP connection is refused.
    server = await startTestApp(kind, { SMTP_URL: `smtp://127.0.0.1:${await freePort()}` });
  });
  afterAll(async () => server?.close());

  it.runIf(kind === 'sqlite')('answers a requested email with 503, not 500', async () => {
    const response = await request(server.baseUrl, 'POST', PATH, {
      body: { to: 'ada@mit.edu', subject: 'Hi', text: 'Hello' },
      token: TEST_SERVICE_KEY,
    });
    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });

  // PostgreSQL queues the email and retries it (test/jobs/email-queue.test.ts).
  it.runIf(kind === 'postgres')('accepts a requested email into the queue', async () => {
    const response = await request(server.baseUrl, 'POST', PATH, {
      body: { to: 'ada@mit.edu', subject: 'Hi', text: 'Hello' },
      token: TEST_SERVICE_KEY,
    });
    expect(response.status).toBe(202);
    expect(await queuedTo(server, 'ada@mit.edu')).toEqual(['Hi']);
  });

  it('keeps a failed server-sent email away from whoever caused it', async () => {
    const now = new Date().toISOString();
    const db = server.database.db;
    for (const id of ['sender', 'recipient']) {
      await db
        .insertInto('auth_accounts')
        .values({
          id,
          email: `${id}@mit.edu`,
          password_hash: 'x',
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const message = await db
      .insertInto('messages')
      .values({
        id: 'msg_1',
        sender_id: 'sender',
        recipient_id: 'recipient',
        subject: 'Hi',
        message: 'Hello',
        created_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const logError = vi.spyOn(server.app.log, 'error');
    await expect(server.app.events.emit('message.created', { message })).resolves.toBeUndefined();
    if (kind === 'postgres') {
      // Queued for retries: the failure stays between the queue and the mail server.
      expect(await queuedTo(server, 'recipient@mit.edu')).toEqual([
        'New message from A student on CampusCollab',
      ]);
      return;
    }
    expect(logError).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'message.created' }),
      'notification email failed',
    );
    logError.mockRestore();
  });
});
