import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/dialects/types';
import { createSmtpMailer, type Mailer } from '../../lib/mailer';
import { createOutboxMailer } from './outbox-mailer';
import { startQueuedMailer } from './queued-mailer';

/**
 * SMTP, behind a durable queue on PostgreSQL so several instances share the sending and an
 * outage loses nothing; without SMTP_URL, the dev outbox, a table already.
 */
export async function createMailer(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
): Promise<Mailer> {
  if (!config.smtpUrl) return createOutboxMailer(database.db, log);
  const smtp = await createSmtpMailer(config.smtpUrl, config.mailFrom);
  if (!database.connectionString) return smtp;
  return startQueuedMailer({
    connectionString: database.connectionString,
    queue: config.emailQueue,
    inner: smtp,
    log,
  });
}
