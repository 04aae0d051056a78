import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

export interface ReceivedEmail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/**
 * A real SMTP server on loopback that keeps what it receives, so tests read emails the way a
 * student's mail client would, through nodemailer and the SMTP protocol.
 */
export interface SmtpSink {
  url: string;
  emails: ReceivedEmail[];
  /** Resolves with the first email to `to` matching `match`. */
  waitFor(
    to: string,
    match?: (email: ReceivedEmail) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedEmail>;
  close(): Promise<void>;
}

/**
 * `delayMs` holds each message before accepting it, to keep a sending request in flight; `port`
 * brings a mail server back where a test had it down.
 */
export async function startSmtpSink(
  options: { delayMs?: number; port?: number } = {},
): Promise<SmtpSink> {
  const emails: ReceivedEmail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then(
          (parsed) => {
            emails.push({
              from: parsed.from?.address ?? '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
            });
            for (const wake of waiters) wake();
            setTimeout(callback, options.delayMs ?? 0);
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    emails,
    waitFor(to, match = () => true, timeoutMs = 5000) {
      const find = () =>
        emails.find((email) => email.to.includes(to.toLowerCase()) && match(email));
      return new Promise((resolve, reject) => {
        const found = find();
        if (found) return resolve(found);
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no email to ${to} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const email = find();
          if (!email) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(email);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first link in an email's text part. */
export function firstLink(email: ReceivedEmail): string {
  const match = /https?:\/\/\S+/.exec(email.text);
  if (!match) throw new Error(`no link in email "${email.subject}"`);
  return match[0];
}
