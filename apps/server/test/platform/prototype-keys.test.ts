import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { TEST_SERVICE_KEY, startTestApp, type TestApp } from '../helpers/test-app';
import { PROTOTYPE_NAMES } from '../helpers/prototype-names';
import { DIALECTS } from '../helpers/test-database';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';
import { PDF } from '../storage/fixtures';
import { upload } from '../storage/storage-client';

/**
 * Names every object inherits, in the JSON of every endpoint besides the table API (which
 * test/table-api/prototype-keys.test.ts covers): a `__proto__` key is refused with a 400 error body (an
 * error frame on a socket) and nothing it carried is stored; the other names are ordinary data.
 */

const ADA = 'ada@mit.edu';
/** What a smuggled object would carry if a copy took it as its prototype. */
const SMUGGLED = '{"emailVerified":true,"senderId":null,"upsert":true,"to":"eve@mit.edu"}';

interface Attempt {
  name: string;
  method?: string;
  path: string;
  as: 'student' | 'service' | 'anonymous';
  body: string;
}

const event = (properties: string) =>
  `{"events":[{"name":"view","timestamp":0,"sessionId":"s1","properties":${properties}}]}`;

/** A body per endpoint with `__proto__` where `key` says: at the top or inside a value. */
const ATTEMPTS: Attempt[] = [
  {
    name: 'sign-up',
    path: '/api/auth/signup',
    as: 'anonymous',
    body: `{"email":"eve@mit.edu","password":"correct-horse-battery","__proto__":${SMUGGLED}}`,
  },
  {
    name: 'sign-in',
    path: '/api/auth/signin',
    as: 'anonymous',
    body: `{"__proto__":{"email":"${ADA}","password":"correct-horse-battery"}}`,
  },
  {
    name: 'profile change',
    method: 'PATCH',
    path: '/api/auth/me',
    as: 'student',
    body: `{"__proto__":{"displayName":"Eve"}}`,
  },
  {
    name: 'realtime publish',
    path: '/api/realtime/campus/publish',
    as: 'student',
    body: `{"channel":"public:proto","event":"e","__proto__":${SMUGGLED}}`,
  },
  {
    name: 'realtime publish payload',
    path: '/api/realtime/campus/publish',
    as: 'student',
    body: `{"channel":"public:proto","event":"e","payload":{"__proto__":${SMUGGLED}}}`,
  },
  {
    name: 'analytics body',
    path: '/api/analytics/campus/log',
    as: 'anonymous',
    body: `{"__proto__":{"events":[]}}`,
  },
  {
    name: 'analytics properties',
    path: '/api/analytics/campus/log',
    as: 'anonymous',
    body: event(`{"__proto__":${SMUGGLED}}`),
  },
  {
    name: 'analytics constructor.prototype',
    path: '/api/analytics/campus/log',
    as: 'anonymous',
    body: event(`{"constructor":{"prototype":${SMUGGLED}}}`),
  },
  {
    name: 'notification',
    path: '/api/notifications/campus/email',
    as: 'student',
    body: `{"to":"${ADA}","subject":"Hi","text":"Hello","__proto__":${SMUGGLED}}`,
  },
  {
    name: 'sql',
    path: '/api/db/campus/sql',
    as: 'service',
    body: `{"__proto__":{"query":"select 1"}}`,
  },
  {
    name: 'batch',
    path: '/api/db/campus/batch',
    as: 'service',
    body: `{"statements":[{"__proto__":{"query":"select 1"}}]}`,
  },
];

describe.each(DIALECTS)('prototype names outside the table API on %s', (kind) => {
  let server: TestApp;
  let ada: Awaited<ReturnType<typeof createVerifiedAccount>>;

  const countRows = async () => {
    const db = server.database.db;
    return Promise.all(
      (['auth_accounts', 'realtime_messages', 'analytics_events', 'email_outbox'] as const).map(
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
  };

  const send = async (attempt: Pick<Attempt, 'method' | 'path' | 'as' | 'body'>) => {
    const authorization =
      attempt.as === 'student'
        ? `Bearer ${ada.access_token}`
        : attempt.as === 'service'
          ? `Bearer ${TEST_SERVICE_KEY}`
          : null;
    const response = await fetch(`${server.baseUrl}${attempt.path}`, {
      method: attempt.method ?? 'POST',
      headers: { 'content-type': 'application/json', ...(authorization && { authorization }) },
      body: attempt.body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    ada = await createVerifiedAccount(server.baseUrl, ADA);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it.each(ATTEMPTS)('$name with a __proto__ key -> 400', async (attempt) => {
    const before = await countRows();
    const { status, body } = await send(attempt);
    expect({ status, code: body.code }).toEqual({ status: 400, code: 'VALIDATION_ERROR' });
    expect(typeof body.message).toBe('string');
    expect(await countRows()).toEqual(before);
  });

  it.each(PROTOTYPE_NAMES.filter((name) => name !== '__proto__'))(
    '%s as an analytics property or realtime event is stored as data',
    async (name) => {
      const logged = await send({
        path: '/api/analytics/campus/log',
        as: 'anonymous',
        body: event(`{"${name}":"x"}`),
      });
      expect(logged.status).toBe(202);
      const stored = await server.database.db
        .selectFrom('analytics_events')
        .select('properties')
        .where('properties', 'like', `%${name}%`)
        .execute();
      expect(stored.map((row) => JSON.parse(String(row.properties)) as unknown)).toContainEqual({
        [name]: 'x',
      });

      const published = await send({
        path: '/api/realtime/campus/publish',
        as: 'student',
        body: `{"channel":"public:${name}","event":"${name}","payload":{"${name}":1}}`,
      });
      expect(published.status).toBe(201);
      expect(published.body.message).toMatchObject({
        channel: `public:${name}`,
        event: name,
        payload: { [name]: 1 },
      });
    },
  );

  it.each(PROTOTYPE_NAMES)('%s as a project in the path is an unknown project', async (name) => {
    const logged = await send({
      path: `/api/analytics/${name}/log`,
      as: 'anonymous',
      body: event('{}'),
    });
    expect({ status: logged.status, code: logged.body.code }).toEqual({
      status: 404,
      code: 'NOT_FOUND',
    });
  });

  const FRAMES: [string, string][] = [
    ['a __proto__ key on the frame', `{"ref":"p","__proto__":{"type":"ping"}}`],
    ['a __proto__ key beside the type', `{"type":"ping","ref":"p","__proto__":{"x":1}}`],
    [
      'a __proto__ key in a payload',
      `{"type":"publish","ref":"p","channel":"public:proto","event":"e","payload":{"__proto__":${SMUGGLED}}}`,
    ],
    [
      'a __proto__ key in presence state',
      `{"type":"presence","ref":"p","channel":"public:proto","action":"join","state":{"__proto__":${SMUGGLED}}}`,
    ],
    ...PROTOTYPE_NAMES.map((name): [string, string] => [
      `type ${name}`,
      `{"type":"${name}","ref":"p"}`,
    ]),
    ...PROTOTYPE_NAMES.map((name): [string, string] => [
      `presence action ${name}`,
      `{"type":"presence","ref":"p","channel":"public:proto","action":"${name}"}`,
    ]),
  ];

  it.each(FRAMES)('socket frame with %s is answered with an error frame', async (_name, frame) => {
    const before = await countRows();
    const socket = await connectSocket(buildSocketUrl(server.baseUrl, ada.access_token));
    socket.send(frame);
    expect(await socket.next((received) => received.ref === 'p')).toMatchObject({
      type: 'error',
      code: 'VALIDATION_ERROR',
    });
    expect(await socket.call({ type: 'ping' })).toMatchObject({ type: 'pong' });
    expect(await countRows()).toEqual(before);
  });

  it('an upload whose options carry upsert in __proto__ does not overwrite', async () => {
    const path = `profile-pictures/${ada.user.id}/cv.pdf`;
    const file = { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' };
    const first = await upload(server.baseUrl, { token: ada.access_token, path, file });
    expect(first.status).toBe(201);
    // __proto__ is refused as in any JSON body; constructor is an unknown option, ignored.
    const answers = [];
    for (const options of [
      '{"__proto__":{"upsert":true}}',
      '{"constructor":{"prototype":{"upsert":true}}}',
    ]) {
      const again = await upload(server.baseUrl, { token: ada.access_token, path, file, options });
      answers.push({ status: again.status, code: again.body.code });
    }
    expect(answers).toEqual([
      { status: 400, code: 'VALIDATION_ERROR' },
      { status: 409, code: 'CONFLICT' },
    ]);
  });
});
