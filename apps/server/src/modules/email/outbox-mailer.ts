import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Email, Mailer } from '../../lib/mailer';
import { generateId } from '../../lib/tokens';
import { batchPerTurn } from '../../lib/turn-batch';

/** Rows of one insert: six values each stay far below what either database binds at once. */
const ROWS_PER_INSERT = 500;

/**
 * Without SMTP_URL, emails are kept in the database and their links printed to the console,
 * so a newcomer can verify an account with nothing but `npm start`.
 */
export function createOutboxMailer(db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  // The emails of one turn of the event loop go in one insert: under load every application
  // and message sends one, and on PostgreSQL each insert was a round trip and a commit of its
  // own (lib/turn-batch.ts). Each send still resolves only once its row is stored.
  const keepInTurn = batchPerTurn(async (emails: { email: Email; createdAt: string }[]) => {
    for (let start = 0; start < emails.length; start += ROWS_PER_INSERT) {
      await db
        .insertInto('email_outbox')
        .values(
          emails.slice(start, start + ROWS_PER_INSERT).map(({ email, createdAt }) => ({
            id: generateId(),
            to_address: email.to,
            subject: email.subject,
            text_body: email.text,
            html_body: email.html,
            created_at: createdAt,
          })),
        )
        .execute();
    }
    return emails.map(() => undefined);
  });

  return {
    async send(email) {
      await keepInTurn({ email, createdAt: new Date().toISOString() });
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: email.to, subject: email.subject, links }, 'email kept in the dev outbox');
    },
    close() {},
  };
}
