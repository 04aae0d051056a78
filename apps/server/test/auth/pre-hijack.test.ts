import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  choosePassword,
  openVerificationLink,
  readPageToken,
  signIn,
  verifyThroughLink,
} from '../helpers/email-links';
import { firstLink, startSmtpSink, type SmtpSink } from '../helpers/smtp-sink';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/**
 * Account pre-hijack: someone who never sees a mailbox signs up its address first, or in
 * between, and hopes the owner's click hands them the account. Each scenario is a sequence of
 * what the owner (who reads the mailbox), a stranger (who does not) and a mail scanner do; after
 * every step no password the stranger chose may sign in, and at the end the password the owner
 * chose on the verify page is the account's only one.
 */
type Step =
  | { signUp: 'owner' | 'stranger'; password: string }
  | { resendBy: 'owner' | 'stranger' }
  /** A mail scanner fetches every link received so far (GET, as prefetching does). */
  | { scanLinks: true }
  /** The owner opens one of the emailed links and chooses a password on the page. */
  | { ownerVerifies: 'oldest' | 'newest'; password: string };

interface Scenario {
  name: string;
  steps: Step[];
}

const OWNER = 'owner-password-1';
const STRANGER = 'stranger-password-1';
const STRANGER_AGAIN = 'stranger-password-2';
const CHOSEN = 'chosen-on-the-page';

const scenarios: Scenario[] = [
  {
    name: 'owner, then stranger; owner clicks the newest link',
    steps: [
      { signUp: 'owner', password: OWNER },
      { signUp: 'stranger', password: STRANGER },
      { ownerVerifies: 'newest', password: OWNER },
    ],
  },
  {
    name: 'owner, then stranger; owner clicks the oldest link',
    steps: [
      { signUp: 'owner', password: OWNER },
      { signUp: 'stranger', password: STRANGER },
      { ownerVerifies: 'oldest', password: OWNER },
    ],
  },
  {
    name: 'stranger alone; the owner clicks the only link',
    steps: [
      { signUp: 'stranger', password: STRANGER },
      { ownerVerifies: 'newest', password: CHOSEN },
    ],
  },
  {
    name: 'stranger, then owner; owner clicks the newest link',
    steps: [
      { signUp: 'stranger', password: STRANGER },
      { signUp: 'owner', password: OWNER },
      { ownerVerifies: 'newest', password: OWNER },
    ],
  },
  {
    name: "stranger, then owner; owner clicks the stranger's link",
    steps: [
      { signUp: 'stranger', password: STRANGER },
      { signUp: 'owner', password: OWNER },
      { ownerVerifies: 'oldest', password: OWNER },
    ],
  },
  {
    name: 'stranger signs up and asks for a resend; owner clicks the resent link',
    steps: [
      { signUp: 'stranger', password: STRANGER },
      { resendBy: 'stranger' },
      { ownerVerifies: 'newest', password: CHOSEN },
    ],
  },
  {
    name: 'owner signs up, a scanner opens the link, stranger signs up twice, owner verifies',
    steps: [
      { signUp: 'owner', password: OWNER },
      { scanLinks: true },
      { signUp: 'stranger', password: STRANGER },
      { signUp: 'stranger', password: STRANGER_AGAIN },
      { scanLinks: true },
      { ownerVerifies: 'oldest', password: OWNER },
    ],
  },
  {
    name: 'owner signs up and resends, stranger signs up, owner verifies with a new password',
    steps: [
      { signUp: 'owner', password: OWNER },
      { resendBy: 'owner' },
      { signUp: 'stranger', password: STRANGER },
      { ownerVerifies: 'newest', password: CHOSEN },
    ],
  },
  {
    name: 'owner verifies first, then the stranger signs up',
    steps: [
      { signUp: 'owner', password: OWNER },
      { ownerVerifies: 'newest', password: OWNER },
      { signUp: 'stranger', password: STRANGER },
    ],
  },
];

describe.each(DIALECTS)('account pre-hijack on %s', (kind) => {
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

  const linksTo = (email: string) =>
    sink.emails
      .filter((mail) => mail.to.includes(email) && mail.subject.includes('Verify'))
      .map(firstLink);
  const waitForLinks = async (email: string, count: number) => {
    await vi.waitFor(() => expect(linksTo(email)).toHaveLength(count));
    return linksTo(email);
  };

  it.each(scenarios)('$name', async ({ steps }) => {
    const email = `${Math.random().toString(36).slice(2, 10)}-${kind}@mit.edu`;
    const strangerPasswords = new Set<string>();
    let expectedLinks = 0;
    let chosen: string | null = null;

    for (const step of steps) {
      if ('signUp' in step) {
        if (step.signUp === 'stranger') strangerPasswords.add(step.password);
        const signUp = await request(server.baseUrl, 'POST', '/api/auth/signup', {
          body: { email, password: step.password },
        });
        expect(signUp.status).toBe(201);
        // Until the address is verified, every sign-up only sends a fresh link.
        if (!chosen) await waitForLinks(email, ++expectedLinks);
      } else if ('resendBy' in step) {
        const resend = await request(server.baseUrl, 'POST', '/api/auth/verification', {
          body: { email },
        });
        expect(resend.status).toBe(202);
        await waitForLinks(email, ++expectedLinks);
      } else if ('scanLinks' in step) {
        for (const link of linksTo(email)) {
          const page = await openVerificationLink(link);
          expect(readPageToken(page, 'verify-email')).toBeTruthy();
        }
      } else {
        const links = linksTo(email);
        const link = step.ownerVerifies === 'oldest' ? links[0]! : links.at(-1)!;
        const verified = await verifyThroughLink(server.baseUrl, link, step.password);
        expect(verified.status, JSON.stringify(verified.body)).toBe(200);
        expect(verified.body.user).toMatchObject({ email, emailVerified: true });
        chosen = step.password;
        // Every other link the account was sent is retired with it.
        for (const other of links) {
          const again = await verifyThroughLink(server.baseUrl, other, 'yet-another-password');
          expect(again.status).toBe(400);
          expect(again.body).toMatchObject({ code: 'INVALID_LINK' });
        }
      }

      for (const password of strangerPasswords) {
        if (password === chosen) continue;
        // At most told to verify the address (the stranger's own sign-up): never a session.
        const attempt = await signIn(server.baseUrl, email, password);
        const what = `stranger's ${password} after ${JSON.stringify(step)}`;
        expect([400, 403], what).toContain(attempt.status);
        expect(attempt.body, what).not.toHaveProperty('access_token');
      }
    }

    expect(chosen).not.toBeNull();
    const owner = await signIn(server.baseUrl, email, chosen!);
    expect(owner.status).toBe(200);
    const me = await request(server.baseUrl, 'GET', '/api/auth/me', {
      token: owner.body.access_token,
    });
    expect(me.body).toMatchObject({ user: { email, emailVerified: true } });
  });

  it('opening the link (GET) changes nothing: the page it leads to does the work', async () => {
    const email = `prefetch-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: OWNER },
    });
    const [link] = await waitForLinks(email, 1);
    expect(link!.startsWith(`${server.baseUrl}/api/auth/verify?token=`)).toBe(true);
    expect(link).not.toContain(OWNER);

    const page = await openVerificationLink(link!);
    expect(`${page.origin}${page.pathname}`).toBe(`${server.baseUrl}/`);
    const token = readPageToken(page, 'verify-email');
    // Scanners may fetch it any number of times.
    await openVerificationLink(link!);
    // The sign-up's own password is told to verify, and opens nothing.
    const early = await signIn(server.baseUrl, email, OWNER);
    expect(early.status).toBe(403);
    expect(early.body).toEqual({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not confirmed' });

    const verified = await choosePassword(server.baseUrl, token, CHOSEN);
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({
      user: { email, emailVerified: true },
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2592000,
    });
    expect(JSON.stringify(verified.body)).not.toMatch(/password|scrypt/);
    const me = await request(server.baseUrl, 'GET', '/api/auth/me', {
      token: verified.body.access_token,
    });
    expect(me.status).toBe(200);
    // The sign-up's password was never the account's: the one chosen on the page is.
    expect((await signIn(server.baseUrl, email, OWNER)).status).toBe(400);
    expect((await signIn(server.baseUrl, email, CHOSEN)).status).toBe(200);

    const reused = await choosePassword(server.baseUrl, token, 'a-third-password');
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({
      code: 'INVALID_LINK',
      message: 'This link is invalid or has expired. Request a new one.',
    });
    expect((await signIn(server.baseUrl, email, 'a-third-password')).status).toBe(400);
  });

  it("answers a sign-up's own password alike whether the address was free, pending or verified", async () => {
    // Sign up, then sign in with the same password: if a fresh address answered differently
    // from a taken one, this pair would tell anyone which addresses already have accounts.
    const verified = `known-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email: verified, password: OWNER },
    });
    await verifyThroughLink(server.baseUrl, (await waitForLinks(verified, 1))[0]!, OWNER);
    const pending = `pending-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email: pending, password: OWNER },
    });
    await waitForLinks(pending, 1);

    const told = [];
    const refused = [];
    for (const email of [verified, pending, `fresh-${kind}@mit.edu`]) {
      const signUp = await request(server.baseUrl, 'POST', '/api/auth/signup', {
        body: { email, password: STRANGER },
      });
      expect(signUp.status).toBe(201);
      told.push(await signIn(server.baseUrl, email, STRANGER));
      refused.push(await signIn(server.baseUrl, email, 'never-signed-up-with-this'));
    }
    told.push(await signIn(server.baseUrl, pending, OWNER));
    refused.push(await signIn(server.baseUrl, `nobody-${kind}@mit.edu`, STRANGER));
    for (const answer of told) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 403,
        body: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not confirmed' },
      });
    }
    for (const answer of refused) {
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' },
      });
    }
    // The verified owner's own password still opens the account.
    expect((await signIn(server.baseUrl, verified, OWNER)).status).toBe(200);
  });

  it('lets only one of several links used at the same moment set the password', async () => {
    const email = `racing-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: OWNER },
    });
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: STRANGER },
    });
    const links = await waitForLinks(email, 2);
    const tokens = await Promise.all(
      links.map(async (link) => readPageToken(await openVerificationLink(link), 'verify-email')),
    );
    const passwords = ['first-racer-password', 'second-racer-password', 'third-racer-password'];
    const answers = await Promise.all(
      [tokens[0]!, tokens[1]!, tokens[0]!].map((token, index) =>
        choosePassword(server.baseUrl, token, passwords[index]!),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400, 400]);
    const winner = passwords[answers.findIndex((answer) => answer.status === 200)]!;
    for (const password of passwords) {
      const attempt = await signIn(server.baseUrl, email, password);
      expect(attempt.status).toBe(password === winner ? 200 : 400);
    }
  });

  it('refuses unknown, expired and malformed verify requests with a clear 400', async () => {
    const email = `expiring-${kind}@mit.edu`;
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email, password: OWNER },
    });
    const [link] = await waitForLinks(email, 1);
    const token = readPageToken(await openVerificationLink(link!), 'verify-email');

    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 25 * 60 * 60 * 1000 });
    try {
      const expired = await choosePassword(server.baseUrl, token, CHOSEN);
      expect(expired.status).toBe(400);
      expect(expired.body).toMatchObject({ code: 'INVALID_LINK' });
    } finally {
      vi.useRealTimers();
    }

    const unknown = await choosePassword(server.baseUrl, 'forged-token', CHOSEN);
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'INVALID_LINK' });

    const bad = [
      [{ token, password: 'short' }, 'Password must be at least 8 characters'],
      [{ password: CHOSEN }, 'token is required'],
      [{ token: 42, password: CHOSEN }, undefined],
      [{ token: 'x'.repeat(5000), password: CHOSEN }, undefined],
    ] as const;
    for (const [body, message] of bad) {
      const answer = await request(server.baseUrl, 'POST', '/api/auth/verify', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', ...(message && { message }) });
    }
    // None of that used the link up.
    expect((await choosePassword(server.baseUrl, token, CHOSEN)).status).toBe(200);

    // A link with no token still leads to the page, which explains the link is not valid.
    const empty = await openVerificationLink(`${server.baseUrl}/api/auth/verify`);
    expect(empty.searchParams.get('page')).toBe('verify-email');
  });
});
