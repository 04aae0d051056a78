export interface Email {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Where emails go: a real SMTP server, or the dev outbox in the database; on PostgreSQL with
 * SMTP, a durable queue in front of the SMTP server (modules/email/queued-mailer.ts).
 */
export interface Mailer {
  /** Sends, or for the queue stores for sending; throws when neither happened. */
  send(email: Email): Promise<void>;
  close(): void | Promise<void>;
}

/** With SMTP_URL, emails leave through that server (docs/decisions/006). */
export async function createSmtpMailer(smtpUrl: string, from: string): Promise<Mailer> {
  // Only with SMTP_URL, so not at start-up otherwise (docs/architecture.md §2.1).
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
    close: () => transport.close(),
  };
}
