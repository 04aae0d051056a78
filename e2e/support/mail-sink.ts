import { createServer, type Server } from 'node:http';
import { startSmtpSink, type SmtpSink } from '../../apps/server/test/helpers/smtp-sink';

/**
 * The real SMTP sink the server sends to, plus a tiny HTTP window onto what it received, so
 * Playwright's worker processes can read the emails that the setup process caught.
 */
export interface MailSink {
  smtpUrl: string;
  httpUrl: string;
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const sink: SmtpSink = await startSmtpSink();
  const http: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const to = url.searchParams.get('to')?.toLowerCase();
    const emails = sink.emails.filter((email) => !to || email.to.includes(to));
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ emails }));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    smtpUrl: sink.url,
    httpUrl: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await sink.close();
    },
  };
}
