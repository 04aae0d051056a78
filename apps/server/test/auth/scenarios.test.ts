import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { TEST_JWT_SECRET, request, startTestApp, type TestApp } from '../helpers/test-app';

interface Context {
  baseUrl: string;
  accessToken: string;
  kind: string;
}

interface Scenario {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  raw?: string;
  headers?: Record<string, string>;
  token?: (context: Context) => string | Promise<string>;
  status: number;
  expected?: unknown | ((context: Context) => unknown);
  /** Texts the response must not contain (a stack trace, a hash). */
  absent?: string[];
}

const VERIFIED = 'ada@mit.edu';
const UNVERIFIED = 'bob@ox.ac.uk';
const PASSWORD = 'correct-horse-battery';

const signWith = (secret: string, issuedAt: number, context: Context) =>
  new SignJWT({ email: VERIFIED, sid: 'session' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('someone')
    .setIssuer(context.baseUrl)
    .setAudience('campus')
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + 900)
    .sign(new TextEncoder().encode(secret));

const schoolEmailMessage = 'Please use your school email address (.edu or university domain)';

const scenarios: Scenario[] = [
  // Sign-up
  {
    name: 'sign-up with a non-school email',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: 'ada@gmail.com', password: PASSWORD },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: schoolEmailMessage },
  },
  {
    name: 'sign-up with a short password',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: 'new@mit.edu', password: 'short' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'Password must be at least 8 characters' },
  },
  {
    name: 'sign-up without an email',
    method: 'POST',
    path: '/api/auth/signup',
    body: { password: PASSWORD },
    status: 400,
    expected: {
      code: 'VALIDATION_ERROR',
      message: 'email is required',
      details: { fields: [{ field: 'email' }] },
    },
  },
  {
    name: 'sign-up with a number as email',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: 42, password: PASSWORD },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', details: { fields: [{ field: 'email' }] } },
  },
  {
    name: 'sign-up with a malformed address',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: 'not an email.edu', password: PASSWORD },
    status: 400,
    expected: { code: 'VALIDATION_ERROR' },
  },
  {
    name: 'sign-up with a new school email',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: 'New.Student@Stanford.EDU', password: PASSWORD },
    status: 201,
    expected: { user: { email: 'new.student@stanford.edu', emailVerified: false } },
  },
  {
    name: 'sign-up with a taken address answers the same',
    method: 'POST',
    path: '/api/auth/signup',
    body: { email: VERIFIED, password: 'another-password' },
    status: 201,
    expected: { user: { email: VERIFIED, emailVerified: false } },
  },
  {
    name: 'sign-up as text/plain',
    method: 'POST',
    path: '/api/auth/signup',
    raw: 'email=a',
    headers: { 'content-type': 'text/plain' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'Request body must be a JSON object' },
  },
  {
    name: 'sign-up as XML',
    method: 'POST',
    path: '/api/auth/signup',
    raw: '<a/>',
    headers: { 'content-type': 'application/xml' },
    status: 415,
    expected: { code: 'UNSUPPORTED_MEDIA_TYPE' },
  },

  // Sign-in
  {
    name: 'sign-in with the right pair',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: VERIFIED, password: PASSWORD },
    status: 200,
    expected: {
      user: { email: VERIFIED, emailVerified: true },
      token_type: 'bearer',
      expires_in: 900,
      refresh_expires_in: 2592000,
    },
    absent: ['password_hash', 'scrypt'],
  },
  {
    name: 'sign-in is case-insensitive on the address',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: ' ADA@MIT.EDU ', password: PASSWORD },
    status: 200,
    expected: { user: { email: VERIFIED } },
  },
  {
    name: 'sign-in with a wrong password',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: VERIFIED, password: 'wrong-password' },
    status: 400,
    expected: { code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' },
  },
  {
    name: 'sign-in with an unknown email',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: 'nobody@mit.edu', password: PASSWORD },
    status: 400,
    expected: { code: 'INVALID_CREDENTIALS', message: 'Invalid login credentials' },
  },
  {
    name: 'sign-in before verifying, with the sign-up password, is told to verify',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: UNVERIFIED, password: PASSWORD },
    status: 403,
    expected: { code: 'EMAIL_NOT_VERIFIED', message: 'Email not confirmed' },
    absent: ['access_token'],
  },
  {
    name: 'sign-in before verifying, wrong password, reveals nothing',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: UNVERIFIED, password: 'wrong-password' },
    status: 400,
    expected: { code: 'INVALID_CREDENTIALS' },
  },
  {
    name: 'sign-in with a short password',
    method: 'POST',
    path: '/api/auth/signin',
    body: { email: VERIFIED, password: 'short' },
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'Password must be at least 8 characters' },
  },

  // Verification
  {
    name: 'resend to an unverified account',
    method: 'POST',
    path: '/api/auth/verification',
    body: { email: UNVERIFIED },
    status: 202,
    expected: { sent: true },
  },
  {
    name: 'resend to an unknown address answers the same',
    method: 'POST',
    path: '/api/auth/verification',
    body: { email: 'nobody@mit.edu' },
    status: 202,
    expected: { sent: true },
  },
  {
    name: 'open a verification link',
    method: 'GET',
    path: '/api/auth/verify?token=forged',
    status: 303,
  },
  {
    name: 'verify with an unknown token',
    method: 'POST',
    path: '/api/auth/verify',
    body: { token: 'forged', password: PASSWORD },
    status: 400,
    expected: { code: 'INVALID_LINK' },
  },
  {
    name: 'recover an unknown address',
    method: 'POST',
    path: '/api/auth/recover',
    body: { email: 'nobody@mit.edu' },
    status: 202,
  },
  {
    name: 'reset with an unknown token',
    method: 'POST',
    path: '/api/auth/reset',
    body: { token: 'forged', password: PASSWORD },
    status: 400,
    expected: {
      code: 'INVALID_LINK',
      message: 'This link is invalid or has expired. Request a new one.',
    },
  },

  // Tokens
  {
    name: 'refresh with a forged token',
    method: 'POST',
    path: '/api/auth/refresh',
    body: { refresh_token: 'forged' },
    status: 401,
    expected: { code: 'INVALID_TOKEN' },
  },
  {
    name: 'refresh without a token',
    method: 'POST',
    path: '/api/auth/refresh',
    body: {},
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'refresh_token is required' },
  },
  {
    name: 'logout with an unknown token',
    method: 'POST',
    path: '/api/auth/logout',
    body: { refresh_token: 'unknown' },
    status: 204,
  },
  {
    name: 'me without a token',
    method: 'GET',
    path: '/api/auth/me',
    status: 401,
    expected: { code: 'UNAUTHORIZED', message: 'Not authenticated' },
  },
  {
    name: 'me with a valid token',
    method: 'GET',
    path: '/api/auth/me',
    token: (c) => c.accessToken,
    status: 200,
    expected: { user: { email: VERIFIED, emailVerified: true, displayName: null } },
  },
  {
    name: 'me with a tampered token',
    method: 'GET',
    path: '/api/auth/me',
    token: (c) => `${c.accessToken.slice(0, -4)}AAAA`,
    status: 401,
    expected: { code: 'INVALID_TOKEN', message: 'Invalid access token' },
  },
  {
    name: 'me with an expired token',
    method: 'GET',
    path: '/api/auth/me',
    token: (c) => signWith(TEST_JWT_SECRET, Math.floor(Date.now() / 1000) - 1000, c),
    status: 401,
    expected: { code: 'INVALID_TOKEN', message: 'Access token expired' },
  },
  {
    name: 'me with a token signed by another key',
    method: 'GET',
    path: '/api/auth/me',
    token: (c) =>
      signWith('another-secret-of-at-least-32-chars!!', Math.floor(Date.now() / 1000), c),
    status: 401,
    expected: { code: 'INVALID_TOKEN' },
  },
  {
    name: 'me with a non-bearer scheme',
    method: 'GET',
    path: '/api/auth/me',
    headers: { authorization: 'Basic YWRhOnB3' },
    status: 401,
    expected: { code: 'INVALID_TOKEN' },
  },
  {
    name: 'rename oneself',
    method: 'PATCH',
    path: '/api/auth/me',
    token: (c) => c.accessToken,
    body: { displayName: '  Ada Lovelace ' },
    status: 200,
    expected: { user: { displayName: 'Ada Lovelace' } },
  },
  {
    name: 'rename with a number',
    method: 'PATCH',
    path: '/api/auth/me',
    token: (c) => c.accessToken,
    body: { displayName: 7 },
    status: 400,
    expected: { code: 'VALIDATION_ERROR' },
  },

  // Transport
  {
    name: 'malformed JSON',
    method: 'POST',
    path: '/api/auth/signin',
    raw: '{"email": "ada@mit.edu",',
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'Malformed JSON body' },
    absent: ['at JSON.parse', 'node_modules'],
  },
  {
    name: 'a 2 MB body',
    method: 'POST',
    path: '/api/auth/signup',
    raw: JSON.stringify({ email: 'big@mit.edu', password: 'x'.repeat(2 * 1024 * 1024) }),
    status: 413,
    expected: { code: 'PAYLOAD_TOO_LARGE' },
  },
  {
    name: 'an unknown route',
    method: 'GET',
    path: '/api/nowhere',
    status: 404,
    expected: { code: 'NOT_FOUND' },
  },
  {
    name: 'health',
    method: 'GET',
    path: '/api/health',
    status: 200,
    expected: (c: Context) => ({ status: 'ok', database: c.kind }),
  },

  // Hosted sign-in page
  {
    name: 'hosted sign-in page',
    method: 'GET',
    path: '/auth?redirect_url=/%3Fpage%3Ddashboard&project_id=campus',
    status: 200,
  },
  {
    name: 'hosted page refuses a foreign redirect',
    method: 'GET',
    path: '/auth?redirect_url=https://evil.example/&project_id=campus',
    status: 400,
    expected: { code: 'VALIDATION_ERROR', message: 'redirect_url is not allowed' },
  },
  {
    name: 'hosted page refuses another project',
    method: 'GET',
    path: '/auth?project_id=other',
    status: 404,
    expected: { code: 'NOT_FOUND' },
  },
];

describe.each(DIALECTS)('auth scenarios on %s', (kind) => {
  let server: TestApp;
  const context = {} as Context;

  beforeAll(async () => {
    server = await startTestApp(kind);
    const session = await createVerifiedAccount(server.baseUrl, VERIFIED, PASSWORD);
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email: UNVERIFIED, password: PASSWORD },
    });
    Object.assign(context, { baseUrl: server.baseUrl, accessToken: session.access_token, kind });
  });
  afterAll(() => server.close());

  it.each(scenarios)('$name -> $status', async (scenario) => {
    const response = await request(server.baseUrl, scenario.method, scenario.path, {
      body: scenario.body,
      raw: scenario.raw,
      headers: scenario.headers,
      token: scenario.token ? await scenario.token(context) : undefined,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(scenario.status);
    const expected =
      typeof scenario.expected === 'function' ? scenario.expected(context) : scenario.expected;
    if (expected !== undefined) expect(response.body).toMatchObject(expected as object);
    const text = typeof response.body === 'string' ? response.body : JSON.stringify(response.body);
    for (const fragment of scenario.absent ?? []) expect(text).not.toContain(fragment);
    expect(response.headers.get('x-request-id')).toBeTruthy();
  });
});
