import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

/** Each bad request gets a clear 4xx and leaves no account, token, session or email behind. */
const badRequests: {
  name: string;
  path: string;
  body?: unknown;
  raw?: string;
  status: number;
  message: RegExp;
}[] = [
  {
    name: 'non-school email',
    path: '/api/auth/signup',
    body: { email: 'ada@yahoo.com', password: 'long-enough-1' },
    status: 400,
    message: /school email/,
  },
  {
    name: 'short password',
    path: '/api/auth/signup',
    body: { email: 'ada@mit.edu', password: '1234567' },
    status: 400,
    message: /at least 8/,
  },
  {
    name: 'overlong password',
    path: '/api/auth/signup',
    body: { email: 'ada@mit.edu', password: 'x'.repeat(257) },
    status: 400,
    message: /at most 256/,
  },
  {
    name: 'malformed JSON',
    path: '/api/auth/signup',
    raw: '{"email":',
    status: 400,
    message: /Malformed JSON/,
  },
  {
    name: 'JSON array body',
    path: '/api/auth/signup',
    raw: '[1,2]',
    status: 400,
    message: /JSON object/,
  },
  { name: 'empty body', path: '/api/auth/signup', raw: '', status: 400, message: /empty/ },
  {
    name: 'huge body',
    path: '/api/auth/signup',
    raw: `{"email":"${'a'.repeat(1_100_000)}@mit.edu","password":"long-enough-1"}`,
    status: 413,
    message: /too large/,
  },
  {
    name: 'wrong password',
    path: '/api/auth/signin',
    body: { email: 'someone@mit.edu', password: 'long-enough-1' },
    status: 400,
    message: /Invalid login credentials/,
  },
  {
    name: 'resend for a non-address',
    path: '/api/auth/verification',
    body: { email: 'nope' },
    status: 400,
    message: /valid email/,
  },
];

describe.each(DIALECTS)('bad input on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const countRows = async () => {
    const db = server.database.db;
    const tables = [
      'auth_accounts',
      'auth_sessions',
      'auth_refresh_tokens',
      'auth_email_tokens',
      'email_outbox',
    ] as const;
    const counts = await Promise.all(
      tables.map((table) =>
        db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ),
    );
    return counts.map((row) => Number(row.n));
  };

  it.each(badRequests)(
    '$name -> $status, nothing stored',
    async ({ path, body, raw, status, message }) => {
      const before = await countRows();
      const response = await request<{ code: string; message: string }>(
        server.baseUrl,
        'POST',
        path,
        { body, raw },
      );
      expect(response.status).toBe(status);
      expect(response.body.message).toMatch(message);
      expect(JSON.stringify(response.body)).not.toMatch(/\n\s+at |node_modules/);
      expect(await countRows()).toEqual(before);
    },
  );
});
