import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { TEST_SERVICE_KEY, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';

/**
 * JSON nested thousands of levels deep, in every place that takes a client's JSON. Code that
 * recurses over such a value runs out of stack: the answer must still be a 4xx error body (an
 * error frame on a socket), never a 500 or silence, and nothing it carried is stored.
 */

const DEPTHS = [10_000, 100_000];
const SHAPES = {
  arrays: (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`,
  objects: (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
} as const;
type Shape = keyof typeof SHAPES;

interface EntryPoint {
  name: string;
  method?: string;
  path: string;
  /** Which credentials to send. */
  as: 'student' | 'service' | 'anonymous';
  /** The body, with the deep value in place. */
  body: (deep: string) => string;
  /** A PostgREST error (`{code, details, hint, message}`) rather than the platform's. */
  postgrest?: boolean;
}

const ADA = 'ada@mit.edu';
const project = '"title":"Deep","description":"Nested"';
const event = (properties: string) =>
  `{"events":[{"name":"view","timestamp":0,"sessionId":"s1","properties":${properties}}]}`;

const ENTRY_POINTS: EntryPoint[] = [
  {
    name: 'table insert, a value',
    method: 'POST',
    path: '/api/db/campus/rest/v1/projects',
    as: 'student',
    body: (deep) => `{${project},"timeline":${deep}}`,
    postgrest: true,
  },
  {
    name: 'table insert, a column of JSON',
    method: 'POST',
    path: '/api/db/campus/rest/v1/projects',
    as: 'student',
    body: (deep) => `{${project},"skills_needed":[${deep}]}`,
    postgrest: true,
  },
  {
    name: 'table insert, the body',
    method: 'POST',
    path: '/api/db/campus/rest/v1/projects',
    as: 'student',
    body: (deep) => deep,
    postgrest: true,
  },
  {
    name: 'table update, a value',
    method: 'PATCH',
    path: '/api/db/campus/rest/v1/projects?id=eq.p_ada',
    as: 'student',
    body: (deep) => `{"title":${deep}}`,
    postgrest: true,
  },
  {
    name: 'realtime publish payload',
    path: '/api/realtime/campus/publish',
    as: 'student',
    body: (deep) => `{"channel":"public:deep","event":"e","payload":${deep}}`,
  },
  {
    name: 'realtime publish as the service',
    path: '/api/realtime/campus/publish',
    as: 'service',
    body: (deep) => `{"channel":"public:deep","event":"e","payload":${deep}}`,
  },
  {
    name: 'analytics properties',
    path: '/api/analytics/campus/log',
    as: 'anonymous',
    body: (deep) => event(`{"a":${deep}}`),
  },
  {
    name: 'analytics event',
    path: '/api/analytics/campus/log',
    as: 'anonymous',
    body: (deep) => `{"events":[${deep}]}`,
  },
  {
    name: 'notification body',
    path: '/api/notifications/campus/email',
    as: 'student',
    body: (deep) => `{"to":"${ADA}","subject":"Hi","html":${deep}}`,
  },
  {
    name: 'sql params',
    path: '/api/db/campus/sql',
    as: 'service',
    body: (deep) => `{"query":"select 1","params":[${deep}]}`,
  },
  {
    name: 'batch statements',
    path: '/api/db/campus/batch',
    as: 'service',
    body: (deep) => `{"statements":[{"query":"select 1","params":${deep}}]}`,
  },
  {
    name: 'sign-up',
    path: '/api/auth/signup',
    as: 'anonymous',
    body: (deep) => `{"email":${deep},"password":"correct-horse-battery"}`,
  },
  {
    name: 'profile change',
    method: 'PATCH',
    path: '/api/auth/me',
    as: 'student',
    body: (deep) => `{"displayName":${deep}}`,
  },
];

const CASES = ENTRY_POINTS.flatMap((entry) =>
  DEPTHS.flatMap((depth) =>
    (Object.keys(SHAPES) as Shape[]).map((shape) => ({ ...entry, depth, shape })),
  ),
);

describe.each(DIALECTS)('deeply nested JSON on %s', (kind) => {
  let server: TestApp;
  let token: string;

  const countRows = async () => {
    const db = server.database.db;
    const counts = await Promise.all(
      (['projects', 'realtime_messages', 'analytics_events', 'email_outbox'] as const).map(
        async (table) =>
          Number(
            (
              await db
                .selectFrom(table)
                .select((eb) => eb.fn.countAll().as('n'))
                .executeTakeFirst()
            )?.n ?? 0,
          ),
      ),
    );
    return counts;
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    const ada = await createVerifiedAccount(server.baseUrl, ADA);
    token = ada.access_token;
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it.each(CASES)(
    '$name, $depth levels of $shape',
    async ({ method, path, as, body, postgrest, depth, shape }) => {
      const before = await countRows();
      const authorization =
        as === 'student'
          ? `Bearer ${token}`
          : as === 'service'
            ? `Bearer ${TEST_SERVICE_KEY}`
            : null;
      const response = await fetch(`${server.baseUrl}${path}`, {
        method: method ?? 'POST',
        headers: {
          'content-type': 'application/json',
          ...(authorization && { authorization }),
        },
        body: body(SHAPES[shape](depth)),
      });
      const text = await response.text();
      expect(response.status, text).toBeGreaterThanOrEqual(400);
      expect(response.status, text).toBeLessThan(500);
      const error = JSON.parse(text) as Record<string, unknown>;
      expect(typeof error.code).toBe('string');
      expect(typeof error.message).toBe('string');
      if (postgrest)
        expect(Object.keys(error).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(await countRows()).toEqual(before);
    },
  );

  const FRAMES = {
    'publish payload': (deep: string) =>
      `{"type":"publish","ref":"deep","channel":"public:deep","event":"e","payload":${deep}}`,
    'presence state': (deep: string) =>
      `{"type":"presence","ref":"deep","channel":"public:deep","action":"join","state":{"a":${deep}}}`,
    'the frame itself': (deep: string) => `{"type":"ping","ref":"deep","extra":${deep}}`,
  };
  const FRAME_CASES = Object.entries(FRAMES).flatMap(([name, frame]) =>
    DEPTHS.flatMap((depth) =>
      (Object.keys(SHAPES) as Shape[]).map((shape) => ({ name, frame, depth, shape })),
    ),
  );

  it.each(FRAME_CASES)(
    'socket $name, $depth levels of $shape, is answered with an error frame',
    async ({ frame, depth, shape }) => {
      const before = await countRows();
      const socket = await connectSocket(buildSocketUrl(server.baseUrl, token));
      socket.send(frame(SHAPES[shape](depth)));
      const answer = await socket.next((received) => received.ref === 'deep');
      expect(answer).toMatchObject({ type: 'error', ref: 'deep' });
      expect(answer.code).toMatch(/^(VALIDATION_ERROR|PAYLOAD_TOO_LARGE)$/);
      // The socket still serves the next frame.
      expect(await socket.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
      expect(await countRows()).toEqual(before);
    },
  );
});
