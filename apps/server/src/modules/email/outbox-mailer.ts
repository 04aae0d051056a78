import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Mailer } from '../../lib/mailer';
import { generateId } from '../../lib/tokens';

/**
 * Without SMTP_URL, emails are kept in the database and their links printed to the console,
 * so a newcomer can verify an account with nothing but `npm start`.
 */
export function createOutboxMailer(db: Kysely<Database>, log: FastifyBaseLogger): Mailer {
  return {
    async send(email) {
      await db
        .insertInto('email_outbox')
        .values({
          id: generateId(),
          to_address: email.to,
          subject: email.subject,
          text_body: email.text,
          html_body: email.html,
          created_at: new Date().toISOString(),
        })
        .execute();
      const links = email.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: email.to, subject: email.subject, links }, 'email kept in the dev outbox');
    },
    close() {},
  };
}
