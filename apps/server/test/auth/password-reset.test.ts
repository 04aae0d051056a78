import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenSet } from '@campuscollab/shared';
import { readPageToken, signIn, verifyThroughLink, type Session } from '../helpers/email-links';
import { firstLink, startSmtpSink, type ReceivedEmail, type SmtpSink } from '../helpers/smtp-sink';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const PASSWORD = 'the-original-password';
const NEW_PASSWORD = 'a-brand-new-password';

describe.each(DIALECTS)('password reset on %s', (kind) => {
  let sink: SmtpSink;
  let server: TestApp;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, { SMTP_URL: sink.url });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  const mailTo = (email: string, subject: string) =>
    sink.emails.filter((mail) => mail.to.includes(email) && mail.subject.includes(subject));
  const recover = (email: string) =>
    request(server.baseUrl, 'POST', '/api/auth/recover', { body: { email } });
  const reset = (token: string, password: string) =>
    request(server.baseUrl, 'POST', '/api/auth/reset', { body: { token, password } });
  /** Asks for a reset link and returns the token of the `count`-th one that arrives. */
  const requestResetToken = async (email: string, count = 1) => {
    expect((await recover(email)).status).toBe(202);
    let mail: ReceivedEmail | undefined;
    await vi.waitFor(() => expect((mail = mailTo(email, 'Reset')[count - 1])).toBeDefined());
    const link = firstLink(mail!);
    expect(link.startsWith(`${server.baseUrl}/?page=reset-password&token=`)).toBe(true);
    return readPageToken(link, 'reset-password');
  };
  const createAccount = async (email: string): Promise<Session> => {
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: PASSWORD },
    });
    await vi.waitFor(() => expect(mailTo(email, 'Verify')).toHaveLength(1));
    const verified = await verifyThroughLink(
      server.baseUrl,
      firstLink(mailTo(email, 'Verify')[0]!),
      PASSWORD,
    );
    expect(verified.status).toBe(200);
    return verified.body;
  };

  it('answers 202 for any address and emails only the owner of an account', async () => {
    const unknown = await recover(`nobody-${kind}@mit.edu`);
    expect(unknown.status).toBe(202);
    const email = `forgetful-${kind}@mit.edu`;
    await createAccount(email);
    const known = await recover(email);
    expect({ status: known.status, body: known.body }).toEqual({
      status: unknown.status,
      body: unknown.body,
    });
    await vi.waitFor(() => expect(mailTo(email, 'Reset')).toHaveLength(1));
    const mail = mailTo(email, 'Reset')[0]!;
    expect(mail.subject).toContain('CampusCollab');
    expect(mail.text).toContain('1 hour');
    expect(mail.html).toContain('CampusCollab');
    // Give a stray email time to arrive, then check none went to the unknown address.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(sink.emails.filter((sent) => sent.to.includes(`nobody-${kind}@mit.edu`))).toEqual([]);
  });

  it('sets the new password once, refuses the old one and ends every sign-in', async () => {
    const email = `reset-${kind}@mit.edu`;
    const first = await createAccount(email);
    const second = (await signIn(server.baseUrl, email, PASSWORD)).body;
    const token = await requestResetToken(email);

    const done = await reset(token, NEW_PASSWORD);
    expect(done.status).toBe(204);
    expect(done.body).toBe('');

    expect(await signIn(server.baseUrl, email, PASSWORD)).toMatchObject({
      status: 400,
      body: { code: 'INVALID_CREDENTIALS' },
    });
    for (const session of [first, second]) {
      const refreshed = await request(server.baseUrl, 'POST', '/api/auth/refresh', {
        body: { refresh_token: session.refresh_token },
      });
      expect(refreshed.status).toBe(401);
    }
    const fresh = await signIn(server.baseUrl, email, NEW_PASSWORD);
    expect(fresh.status).toBe(200);
    const refreshed = await request<TokenSet>(server.baseUrl, 'POST', '/api/auth/refresh', {
      body: { refresh_token: fresh.body.refresh_token },
    });
    expect(refreshed.status).toBe(200);

    // Single use: the link cannot set a password again.
    const again = await reset(token, 'someone-elses-password');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'INVALID_LINK',
      message: 'This link is invalid or has expired. Request a new one.',
    });
    expect((await signIn(server.baseUrl, email, 'someone-elses-password')).status).toBe(400);
  });

  it('retires older links when a new one is sent, and expires links after an hour', async () => {
    const email = `twice-${kind}@mit.edu`;
    await createAccount(email);
    const older = await requestResetToken(email, 1);
    const newer = await requestResetToken(email, 2);
    expect((await reset(older, NEW_PASSWORD)).status).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 61 * 60 * 1000 });
    try {
      const expired = await reset(newer, NEW_PASSWORD);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ code: 'INVALID_LINK' });
    } finally {
      vi.useRealTimers();
    }
    expect((await signIn(server.baseUrl, email, PASSWORD)).status).toBe(200);

    const last = await requestResetToken(email, 3);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 59 * 60 * 1000 });
    try {
      expect((await reset(last, NEW_PASSWORD)).status).toBe(204);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves one working link when two requests come at once', async () => {
    const email = `concurrent-${kind}@mit.edu`;
    const account = await createAccount(email);
    const answers = await Promise.all([recover(email), recover(email)]);
    expect(answers.map((answer) => answer.status)).toEqual([202, 202]);
    await vi.waitFor(() => expect(mailTo(email, 'Reset')).toHaveLength(2));
    // Using a link retires the other anyway, so which of the two still works is read here.
    const outstanding = await server.database.db
      .selectFrom('auth_email_tokens')
      .select('id')
      .where('account_id', '=', account.user.id)
      .where('purpose', '=', 'reset_password')
      .where('used_at', 'is', null)
      .execute();
    expect(outstanding).toHaveLength(1);
    const tokens = mailTo(email, 'Reset').map((mail) =>
      readPageToken(firstLink(mail), 'reset-password'),
    );
    const results = await Promise.all(tokens.map((token) => reset(token, NEW_PASSWORD)));
    expect(results.map((result) => result.status).sort()).toEqual([204, 400]);
  });

  it('proves the mailbox: an unverified account becomes verified, and a stranger is shut out', async () => {
    // A stranger signed up the address first; the owner never got to the verification email.
    const email = `unverified-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: 'strangers-password' },
    });
    await vi.waitFor(() => expect(mailTo(email, 'Verify')).toHaveLength(1));

    const token = await requestResetToken(email);
    expect((await reset(token, NEW_PASSWORD)).status).toBe(204);

    const owner = await signIn(server.baseUrl, email, NEW_PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.user).toMatchObject({ emailVerified: true });
    expect((await signIn(server.baseUrl, email, 'strangers-password')).status).toBe(400);
    // The verification link the stranger's sign-up sent is retired with the reset.
    const late = await verifyThroughLink(
      server.baseUrl,
      firstLink(mailTo(email, 'Verify')[0]!),
      'strangers-password',
    );
    expect(late.status).toBe(400);
    expect((await signIn(server.baseUrl, email, 'strangers-password')).status).toBe(400);
  });

  it('keeps the two kinds of link apart', async () => {
    const email = `apart-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: PASSWORD },
    });
    await vi.waitFor(() => expect(mailTo(email, 'Verify')).toHaveLength(1));
    const verifyPage = await fetch(firstLink(mailTo(email, 'Verify')[0]!), { redirect: 'manual' });
    const verifyToken = readPageToken(verifyPage.headers.get('location')!, 'verify-email');
    const resetToken = await requestResetToken(email);

    expect((await reset(verifyToken, NEW_PASSWORD)).status).toBe(400);
    const crossed = await request(server.baseUrl, 'POST', '/api/auth/verify', {
      body: { token: resetToken, password: NEW_PASSWORD },
    });
    expect(crossed.status).toBe(400);
    // Both still work for what they were sent for.
    expect((await reset(resetToken, NEW_PASSWORD)).status).toBe(204);
  });

  it('refuses bad input with 400, never 500', async () => {
    const cases = [
      ['/api/auth/recover', { email: 'not-an-email' }],
      ['/api/auth/recover', {}],
      ['/api/auth/recover', { email: ['a@mit.edu'] }],
      ['/api/auth/reset', { token: 'anything', password: 'short' }],
      ['/api/auth/reset', { password: NEW_PASSWORD }],
      ['/api/auth/reset', { token: 'x'.repeat(5000), password: NEW_PASSWORD }],
      ['/api/auth/reset', { token: 'anything', password: 'x'.repeat(257) }],
    ] as const;
    for (const [path, body] of cases) {
      const answer = await request(server.baseUrl, 'POST', path, { body });
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const unknown = await reset('never-issued', NEW_PASSWORD);
    expect(unknown).toMatchObject({ status: 400, body: { code: 'INVALID_LINK' } });
  });
});

describe('password reset timing and limits', () => {
  let sink: SmtpSink;
  let server: TestApp;

  beforeAll(async () => {
    // A slow mail server: a request that waited for it would take a second.
    sink = await startSmtpSink({ delayMs: 1000 });
    server = await startTestApp('sqlite', {
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT_PER_MINUTE: '6',
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '2',
    });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  it('answers an existing address as fast as an unknown one (the email goes out afterwards)', async () => {
    const email = 'timing@mit.edu';
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: PASSWORD },
    });
    await verifyThroughLink(server.baseUrl, firstLink(await sink.waitFor(email)), PASSWORD);

    const started = performance.now();
    const known = await request(server.baseUrl, 'POST', '/api/auth/recover', { body: { email } });
    const elapsed = performance.now() - started;
    expect(known.status).toBe(202);
    expect(elapsed).toBeLessThan(500);
    await sink.waitFor(email, (mail) => mail.subject.includes('Reset'), 5000);
  });

  it('limits requests per address and per IP', async () => {
    const body = { email: 'limited@mit.edu' };
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      statuses.push((await request(server.baseUrl, 'POST', '/api/auth/recover', { body })).status);
    }
    expect(statuses).toEqual([202, 202, 429]);

    const resets = [];
    for (let attempt = 0; attempt < 7; attempt++) {
      const answer = await request(server.baseUrl, 'POST', '/api/auth/reset', {
        body: { token: `guess-${attempt}`, password: NEW_PASSWORD },
      });
      resets.push(answer.status);
      if (answer.status === 429) expect(answer.headers.get('retry-after')).toBeTruthy();
    }
    expect(resets.at(-1)).toBe(429);
  });
});
