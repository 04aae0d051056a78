import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { signIn, type Session } from '../helpers/email-links';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../helpers/s3-server';
import { request, startTestAppOn, TEST_JWT_SECRET, type TestApp } from '../helpers/test-app';
import { createTestDatabase, type TestDatabase } from '../helpers/test-database';
import {
  buildSocketUrl,
  closeAllSockets,
  connectSocket,
  type Frame,
  type TestSocket,
} from '../realtime/helpers/socket-client';
import { makeWav } from '../storage/fixtures';
import { download, through, upload } from '../storage/storage-client';
import { TEST_PRESENCE_EXPIRY_MS } from './helpers/instances';
import { startServerProcess, type ServerProcess } from './helpers/server-process';

const PASSWORD = 'correct-horse-battery';
const CHANNEL = 'public:journey';

/**
 * A deployment checked end to end, as its operator would (docs/architecture.md §2.5, §4.3): one
 * PostgreSQL database, one S3 bucket, instance A in a process of its own (so it can die without
 * cleanup) and instance B in this one. The steps run in order and build on one another.
 */
describe('a two-instance deployment on PostgreSQL and S3, end to end', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let bucket: string;
  let a: ServerProcess | undefined;
  let b: TestApp;
  /** Signed up and verified through A: that sign-in was made on A. */
  let ada: Session;
  /** Ada signed in again, on B. */
  let adaOnB: Session;
  let bob: Session;
  let bobSocket: TestSocket;

  const presenceOf = (event: string, userId: string) => (frame: Frame) =>
    frame.type === 'presence' &&
    frame.event === event &&
    (frame.member as { userId?: string } | undefined)?.userId === userId;
  const listedOn = async (socket: TestSocket) => {
    const list = await socket.call({ type: 'presence', channel: CHANNEL, action: 'list' });
    return (list.members as { userId: string }[]).map((member) => member.userId).sort();
  };
  const meOn = async (baseUrl: string, token: string) =>
    (await request(baseUrl, 'GET', '/api/auth/me', { token })).status;

  beforeAll(async () => {
    // The in-process instance's S3 client reads its credentials from the environment, as A's does.
    vi.stubEnv('AWS_ACCESS_KEY_ID', S3RVER_CREDENTIALS.accessKeyId);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', S3RVER_CREDENTIALS.secretAccessKey);
    s3 = await startS3Server({ conditional: true });
    bucket = await s3.createBucket();
    database = await createTestDatabase('postgres');
    // What every instance of one deployment is given alike: limits count as one only if each
    // instance applies the same ceiling to the shared count.
    const deployment = {
      ...s3.env(bucket),
      PRESENCE_EXPIRY_MS: String(TEST_PRESENCE_EXPIRY_MS),
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '20',
    };
    a = await startServerProcess({
      ...deployment,
      DATABASE_URL: database.location,
      JWT_SECRET: TEST_JWT_SECRET,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    });
    // A's address is the deployment's PUBLIC_URL: the tokens' issuer and the emailed links' host.
    b = await startTestAppOn(database, {
      env: { ...deployment, PUBLIC_URL: a.baseUrl },
      cluster: { reconnectMinMs: 50 },
    });
    // A server process takes seconds to start.
  }, 60_000);
  afterAll(async () => {
    closeAllSockets();
    await a?.kill();
    await b?.close();
    await database?.drop();
    await s3?.close();
    vi.unstubAllEnvs();
  });

  it('signs up and verifies on A, signs in on B, and each instance accepts the other’s tokens', async () => {
    ada = await createVerifiedAccount(a!.baseUrl, 'ada@mit.edu', PASSWORD);
    bob = await createVerifiedAccount(a!.baseUrl, 'bob@mit.edu', PASSWORD);
    const signedIn = await signIn(b.baseUrl, 'ada@mit.edu', PASSWORD);
    expect(signedIn.status).toBe(200);
    adaOnB = signedIn.body;
    expect(adaOnB.user.id).toBe(ada.user.id);
    expect(await meOn(b.baseUrl, ada.access_token)).toBe(200);
    expect(await meOn(a!.baseUrl, adaOnB.access_token)).toBe(200);
  });

  it('delivers a message sent through A to the recipient’s socket on B, live', async () => {
    bobSocket = await connectSocket(buildSocketUrl(b.baseUrl, bob.access_token));
    expect((await bobSocket.call({ type: 'subscribe', channel: `user:${bob.user.id}` })).type).toBe(
      'ack',
    );
    const sent = await request(a!.baseUrl, 'POST', '/api/db/campus/rest/v1/messages', {
      token: adaOnB.access_token,
      body: { id: 'm_journey', recipient_id: bob.user.id, subject: 'Robots?', message: 'Join' },
    });
    expect(sent.status).toBe(201);
    expect(await bobSocket.next((frame) => frame.type === 'message')).toMatchObject({
      channel: `user:${bob.user.id}`,
      event: 'message.created',
      payload: { id: 'm_journey', senderId: ada.user.id, subject: 'Robots?' },
    });
  });

  it('lists a presence joined on A in B’s list', async () => {
    expect((await bobSocket.call({ type: 'subscribe', channel: CHANNEL })).type).toBe('ack');
    // Ada's socket on A stays joined until A is killed, at the end.
    const adaSocket = await connectSocket(buildSocketUrl(a!.baseUrl, ada.access_token));
    const joined = await adaSocket.call({ type: 'presence', channel: CHANNEL, action: 'join' });
    expect(joined.type).toBe('ack');
    await bobSocket.next(presenceOf('join', ada.user.id));
    expect(await listedOn(bobSocket)).toEqual([ada.user.id]);
  });

  it('limits 40 wrong sign-ins spread over both instances as one', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      const server = attempt % 2 === 0 ? a!.baseUrl : b.baseUrl;
      const answer = await signIn(server, 'nobody@mit.edu', `wrong-guess-${attempt}`);
      statuses.push(answer.status);
    }
    // 20 an hour per address: each instance saw 20, so counted apart none would be refused.
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
  });

  it('ends on B at once a sign-in logged out on A, closing its socket there', async () => {
    expect(await meOn(b.baseUrl, adaOnB.access_token)).toBe(200);
    const socket = await connectSocket(buildSocketUrl(b.baseUrl, adaOnB.access_token));
    expect((await socket.call({ type: 'ping' })).type).toBe('pong');

    const logout = await request(a!.baseUrl, 'POST', '/api/auth/logout', {
      body: { refresh_token: adaOnB.refresh_token },
    });
    expect(logout.status).toBe(204);

    expect(await socket.closed()).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await meOn(b.baseUrl, adaOnB.access_token)).toBe(401);
    // Only that sign-in ended: the one made on A still works on B.
    expect(await meOn(b.baseUrl, ada.access_token)).toBe(200);
  });

  let fileUrl: string;
  const wav = makeWav(4000);

  it('downloads through B, byte for byte, a file uploaded through A', async () => {
    const filePath = `profile-pictures/${ada.user.id}/hello.wav`;
    const stored = await upload(a!.baseUrl, {
      token: ada.access_token,
      path: filePath,
      file: { bytes: wav, name: 'hello.wav', type: 'audio/wav' },
    });
    expect(stored.status).toBe(201);
    const inBucket = await s3.client.send(new HeadObjectCommand({ Bucket: bucket, Key: filePath }));
    expect(inBucket.ContentLength).toBe(wav.length);

    const fromA = await download(stored.body.url);
    fileUrl = through(b.baseUrl, stored.body.url);
    const fromB = await download(fileUrl);
    expect(fromB.status).toBe(200);
    expect(fromB.bytes.equals(wav)).toBe(true);
    expect(fromB.headers.get('etag')).toMatch(/^"[^"]+"$/);
    expect(fromB.headers.get('etag')).toBe(fromA.headers.get('etag'));
  });

  it('keeps serving on B once A is killed, and expires A’s presence there', async () => {
    await a!.kill();
    await expect(fetch(`${a!.baseUrl}/api/health`)).rejects.toThrow();

    const ready = await request(b.baseUrl, 'GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready' });
    const again = await signIn(b.baseUrl, 'ada@mit.edu', PASSWORD);
    expect(again.status).toBe(200);
    expect(await meOn(b.baseUrl, again.body.access_token)).toBe(200);
    expect((await download(fileUrl)).bytes.equals(wav)).toBe(true);

    // B removes A's rows once A has missed its heartbeats for the expiry.
    await bobSocket.next(presenceOf('leave', ada.user.id), TEST_PRESENCE_EXPIRY_MS + 10_000);
    expect(await listedOn(bobSocket)).toEqual([]);
  }, 30_000);
});
