import pino from 'pino';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/postgres-cluster';
import { startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { TEST_SERVICE_KEY, request, startTestApp, type TestApp } from '../helpers/test-app';
import { waitUntil } from './wait-until';

const PATH = '/api/notifications/campus/email';
/** Short retries, so a test sees several attempts in seconds. */
const QUICK_RETRIES = { EMAIL_RETRY_DELAY_SECONDS: '1', EMAIL_POLL_SECONDS: '0.5' };

interface QueuedEmail {
  id: string;
  state: string;
  to: string;
  subject: string;
  retry_count: number;
  output: { message?: string } | null;
}

/** What an operator sees: `select ... from pgboss.job where name = 'email'`. */
async function queuedEmails(server: TestApp): Promise<QueuedEmail[]> {
  const { rows } = await sql<QueuedEmail>`
    select id, state, data->>'to' as to, data->>'subject' as subject, retry_count, output
    from pgboss.job where name = 'email' order by created_on`.execute(server.database.db);
  return rows;
}

function sendEmail(server: TestApp, subject: string) {
  return request(server.baseUrl, 'POST', PATH, {
    body: { to: 'ada@mit.edu', subject, text: 'Hello' },
    token: TEST_SERVICE_KEY,
  });
}

describe('the email queue on PostgreSQL', () => {
  const servers: TestApp[] = [];
  let sink: SmtpSink | undefined;
  afterEach(async () => {
    // The first started owns the database: close the others first.
    for (const server of servers.splice(0).reverse()) await server.close();
    await sink?.close();
    sink = undefined;
  });

  it('delivers emails sent while the mail server was down, once each, with two workers', async () => {
    const port = await freePort();
    const env = { ...QUICK_RETRIES, SMTP_URL: `smtp://127.0.0.1:${port}` };
    const first = await startTestApp('postgres', env);
    const second = await startTestApp('postgres', env, {}, undefined, first.database);
    servers.push(first, second);

    const subjects = Array.from({ length: 6 }, (_, index) => `Queued ${index}`);
    for (const [index, subject] of subjects.entries()) {
      // Accepted although no mail server answers: the email is stored, not lost.
      expect((await sendEmail(index % 2 ? second : first, subject)).status).toBe(202);
    }
    await waitUntil('every email failed an attempt', async () =>
      (await queuedEmails(first)).every((email) => email.state === 'retry'),
    );

    sink = await startSmtpSink({ port });
    await waitUntil('every email was sent', async () =>
      (await queuedEmails(first)).every((email) => email.state === 'completed'),
    );
    const received = sink.emails.map((email) => email.subject).sort();
    expect(received).toEqual(subjects);
  });

  it('leaves an email that never goes through failed, logged and in the job table', async () => {
    const written: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (text: string) => written.push(text) });
    const server = await startTestApp(
      'postgres',
      {
        ...QUICK_RETRIES,
        EMAIL_RETRY_LIMIT: '1',
        SMTP_URL: `smtp://127.0.0.1:${await freePort()}`,
      },
      {},
      logger,
    );
    servers.push(server);

    expect((await sendEmail(server, 'Never')).status).toBe(202);
    await waitUntil('the email failed for good', async () =>
      (await queuedEmails(server)).some((email) => email.state === 'failed'),
    );
    const [email] = await queuedEmails(server);
    expect(email).toMatchObject({ state: 'failed', to: 'ada@mit.edu', subject: 'Never' });
    expect(email!.retry_count).toBe(1);
    expect(email!.output?.message).toMatch(/ECONNREFUSED/);

    const logged = written.map(
      (text) => JSON.parse(text) as { level: number; msg: string; jobId?: string },
    );
    const about = logged.filter((line) => line.jobId === email!.id);
    expect(about.map((line) => [line.level, line.msg])).toEqual([
      [40, 'email failed; it will be retried'],
      [50, 'email failed for good; it stays failed in pgboss.job'],
    ]);
  });
});
