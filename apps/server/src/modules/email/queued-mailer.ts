import type { FastifyBaseLogger } from 'fastify';
import type { EmailQueueConfig } from '../../config';
import { withAdvisoryLock } from '../../lib/cluster-locks';
import type { Email, Mailer } from '../../lib/mailer';

const QUEUE = 'email';
/** pg-boss's connections per instance: a sender, the worker's polls, its maintenance. */
const QUEUE_CONNECTIONS = 4;
/** Emails an instance sends at once, each on its own SMTP connection. */
const BATCH_SIZE = 10;
/** Longer than nodemailer takes to give up on a server; an attempt past it counts as failed. */
const ATTEMPT_SECONDS = 5 * 60;
/** Sent emails carry single-use links: keep them only as long as an operator might look. */
const KEEP_SENT_SECONDS = 60 * 60;

/**
 * On PostgreSQL, emails go through a durable queue (pg-boss, in `config.schema`): `send`
 * stores the email and returns, and a worker on every instance hands it to `inner`, the SMTP
 * mailer. A failed attempt is retried with exponential backoff, so an SMTP outage delays email
 * and loses none; each email is taken by one worker at a time (pg-boss fetches with
 * `skip locked`). An email that fails its last retry stays `failed` in `<schema>.job`, with
 * the error in `output`, and is logged. Emails are enqueued where they were sent before: after
 * the change that caused them is committed (docs/architecture.md §2.5), never before.
 */
export async function startQueuedMailer(options: {
  connectionString: string;
  queue: EmailQueueConfig;
  inner: Mailer;
  log: FastifyBaseLogger;
}): Promise<Mailer> {
  const { queue, inner, log } = options;
  // Only on PostgreSQL with SMTP, so not at start-up otherwise (docs/architecture.md §2.1).
  const { default: PgBoss } = await import('pg-boss');
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: queue.schema,
    max: QUEUE_CONNECTIONS,
    // Periodic jobs have their own runner (lib/periodic-jobs.ts); no cron here.
    schedule: false,
    archiveCompletedAfterSeconds: KEEP_SENT_SECONDS,
  });
  boss.on('error', (error) => log.error({ err: error }, 'email queue error'));
  await withAdvisoryLock(options.connectionString, `pg-boss:${queue.schema}`, async () => {
    await boss.start();
    if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE);
  });

  // Each email of a batch succeeds or fails alone: pg-boss completes, when the handler
  // resolves, only the jobs still active, so the failed ones keep their retry.
  const workerId = await boss.work<Email>(
    QUEUE,
    { includeMetadata: true, batchSize: BATCH_SIZE, pollingIntervalSeconds: queue.pollSeconds },
    async (jobs) => {
      await Promise.all(
        jobs.map(async (job) => {
          try {
            await inner.send(job.data);
          } catch (error) {
            const last = job.retryCount >= job.retryLimit;
            const context = {
              err: error,
              jobId: job.id,
              to: job.data.to,
              attempt: job.retryCount + 1,
            };
            if (last) {
              log.error(context, `email failed for good; it stays failed in ${queue.schema}.job`);
            } else {
              log.warn(context, 'email failed; it will be retried');
            }
            await boss.fail(QUEUE, job.id, { message: (error as Error).message });
          }
        }),
      );
    },
  );

  return {
    async send(email) {
      await boss.send(QUEUE, email, {
        retryLimit: queue.retryLimit,
        retryDelay: queue.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: ATTEMPT_SECONDS,
      });
      // This instance's worker looks now rather than at its next poll: an email usually
      // leaves as soon as it would have without the queue.
      boss.notifyWorker(workerId);
    },
    async close() {
      // A sending attempt in progress finishes; queued emails wait for the next instance.
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await inner.close();
    },
  };
}
