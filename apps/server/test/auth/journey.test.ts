import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TokenSet } from '@campuscollab/shared';
import {
  choosePassword,
  openVerificationLink,
  readPageToken,
  verifyThroughLink,
} from '../helpers/email-links';
import { firstLink, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

type SignIn = TokenSet & { user: { id: string; email: string } };

describe.each(DIALECTS)('the sign-up to logout journey on %s', (kind) => {
  let sink: SmtpSink;
  let server: TestApp;
  const email = `journey-${kind}@berkeley.edu`;
  const password = 'a-long-enough-password';

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestApp(kind, {
      SMTP_URL: sink.url,
      MAIL_FROM: 'CampusCollab <hello@campuscollab.test>',
    });
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });
  afterEach(() => vi.useRealTimers());

  it('signs up, verifies by email, signs in, refreshes, detects reuse and logs out', async () => {
    const call = <T = Record<string, unknown>>(
      method: string,
      path: string,
      body?: unknown,
      token?: string,
    ) => request<T>(server.baseUrl, method, path, { body, token });

    expect((await call('POST', '/api/auth/signup', { email, password })).status).toBe(201);

    const mail = await sink.waitFor(email);
    expect(mail.from).toBe('hello@campuscollab.test');
    expect(mail.subject).toContain('CampusCollab');
    expect(mail.html).toContain('CampusCollab');
    const link = firstLink(mail);
    expect(link.startsWith(`${server.baseUrl}/api/auth/verify?token=`)).toBe(true);

    // The link leads to the web app's page, where the student chooses the password.
    const page = await openVerificationLink(link);
    const token = readPageToken(page, 'verify-email');
    expect(page.toString()).toBe(`${server.baseUrl}/?page=verify-email&token=${token}`);
    const verified = await choosePassword(server.baseUrl, token, password);
    expect(verified.status).toBe(200);
    expect(verified.body.user).toMatchObject({ email, emailVerified: true });
    // The link is single-use.
    const again = await choosePassword(server.baseUrl, token, password);
    expect(again.body).toMatchObject({ code: 'INVALID_LINK' });

    const signIn = await call<SignIn>('POST', '/api/auth/signin', { email, password });
    expect(signIn.status).toBe(200);
    expect(signIn.body).toMatchObject({
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2592000,
    });
    expect(Math.abs(signIn.body.issued_at - Date.now() / 1000)).toBeLessThan(5);

    const me = await call('GET', '/api/auth/me', undefined, signIn.body.access_token);
    expect(me.body).toMatchObject({
      user: { id: signIn.body.user.id, email, emailVerified: true },
    });

    const refreshed = await call<TokenSet>('POST', '/api/auth/refresh', {
      refresh_token: signIn.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(signIn.body.refresh_token);
    expect((await call('GET', '/api/auth/me', undefined, refreshed.body.access_token)).status).toBe(
      200,
    );

    // A second tab replaying the old token within the grace period gets the very same pair.
    const replay = await call<TokenSet>('POST', '/api/auth/refresh', {
      refresh_token: signIn.body.refresh_token,
    });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(refreshed.body);

    // After the grace period the old token is rejected and its whole sign-in is revoked.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 11_000 });
    const stolen = await call('POST', '/api/auth/refresh', {
      refresh_token: signIn.body.refresh_token,
    });
    expect(stolen.status).toBe(401);
    const victim = await call('POST', '/api/auth/refresh', {
      refresh_token: refreshed.body.refresh_token,
    });
    expect(victim.status).toBe(401);
    vi.useRealTimers();

    // A new sign-in, then logout ends it.
    const second = await call<SignIn>('POST', '/api/auth/signin', { email, password });
    expect(
      (await call('POST', '/api/auth/logout', { refresh_token: second.body.refresh_token })).status,
    ).toBe(204);
    const afterLogout = await call('POST', '/api/auth/refresh', {
      refresh_token: second.body.refresh_token,
    });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('tells the owner of a taken address instead of creating a second account', async () => {
    const owner = `owner-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', { body: { email: owner, password } });
    await verifyThroughLink(server.baseUrl, firstLink(await sink.waitFor(owner)), password);

    const attempt = await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email: owner, password: 'someone-elses-password' },
    });
    expect(attempt.status).toBe(201);
    const notice = await sink.waitFor(owner, (mail) => mail.subject.includes('already have'));
    expect(notice.text).toContain('nothing was changed');
    // The original password still works; the stranger's opens nothing (it is only told to
    // verify, as it would be for a free address, so the pair reveals nothing).
    const original = await request(server.baseUrl, 'POST', '/api/auth/signin', {
      body: { email: owner, password },
    });
    expect(original.status).toBe(200);
    const stranger = await request(server.baseUrl, 'POST', '/api/auth/signin', {
      body: { email: owner, password: 'someone-elses-password' },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not confirmed' });
  });

  it('resends the verification email on request', async () => {
    const late = `late-${kind}@nus.edu.sg`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', { body: { email: late, password } });
    await sink.waitFor(late);
    const resend = await request(server.baseUrl, 'POST', '/api/auth/verification', {
      body: { email: late },
    });
    expect(resend.status).toBe(202);
    await vi.waitFor(() =>
      expect(sink.emails.filter((mail) => mail.to.includes(late))).toHaveLength(2),
    );
  });

  /** Signs up, follows the emailed link and chooses the password, which signs in. */
  const signedIn = async (email: string) => {
    await request(server.baseUrl, 'POST', '/api/auth/signup', { body: { email, password } });
    return verifyThroughLink(server.baseUrl, firstLink(await sink.waitFor(email)), password);
  };

  it('answers two racing refreshes of one token with the same pair', async () => {
    const signIn = await signedIn(`racer-${kind}@hku.edu.hk`);
    const body = { refresh_token: signIn.body.refresh_token };
    const results = await Promise.all(
      [1, 2, 3].map(() => request<TokenSet>(server.baseUrl, 'POST', '/api/auth/refresh', { body })),
    );
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
    expect(results[1]!.body).toEqual(results[0]!.body);
    expect(results[2]!.body).toEqual(results[0]!.body);
  });

  it('refuses an expired refresh token without rotating it', async () => {
    const signIn = await signedIn(`expired-${kind}@ucsd.edu`);
    const body = { refresh_token: signIn.body.refresh_token };
    const sessionId = signIn.body.refresh_token.split('.')[0]!;
    const rows = () =>
      server.app.database.db
        .selectFrom('auth_refresh_tokens')
        .select('generation')
        .where('session_id', '=', sessionId)
        .execute();

    // A day past the token's 30 days.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 31 * 24 * 3600 * 1000 });
    const late = await request(server.baseUrl, 'POST', '/api/auth/refresh', { body });
    expect(late.status).toBe(401);
    expect(late.body).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await rows()).toEqual([{ generation: 0 }]);

    // Back in its lifetime, the same token still works: expiry refused it, nothing revoked it.
    vi.useRealTimers();
    const inTime = await request<TokenSet>(server.baseUrl, 'POST', '/api/auth/refresh', { body });
    expect(inTime.status).toBe(200);
    expect(await rows()).toHaveLength(2);
  });

  it('refuses a token whose secret is wrong, without touching the sign-in it names', async () => {
    const signIn = await signedIn(`guessed-${kind}@ucla.edu`);
    const real = signIn.body.refresh_token;
    const [sessionId, generation] = real.split('.');
    const forgeries = [
      `${sessionId}.${generation}.${'A'.repeat(43)}`,
      `${sessionId}.1.${'A'.repeat(43)}`,
      `${real}x`,
    ];
    for (const forged of forgeries) {
      const refreshed = await request(server.baseUrl, 'POST', '/api/auth/refresh', {
        body: { refresh_token: forged },
      });
      expect(refreshed.status).toBe(401);
      const loggedOut = await request(server.baseUrl, 'POST', '/api/auth/logout', {
        body: { refresh_token: forged },
      });
      expect(loggedOut.status).toBe(204);
    }

    const refreshed = await request<TokenSet>(server.baseUrl, 'POST', '/api/auth/refresh', {
      body: { refresh_token: real },
    });
    expect(refreshed.status).toBe(200);
    const next = await request(server.baseUrl, 'POST', '/api/auth/refresh', {
      body: { refresh_token: refreshed.body.refresh_token },
    });
    expect(next.status).toBe(200);
  });
});
