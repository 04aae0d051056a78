import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { buildSocketUrl, closeAllSockets, connectSocket } from '../realtime/helpers/socket-client';

interface LogLine {
  msg: string;
  method?: string;
  path?: string;
  status?: number;
  ms?: number;
}

describe('the access log', () => {
  const written: string[] = [];
  const lines = () => written.map((text) => JSON.parse(text) as LogLine);
  const linesFor = (path: string) => lines().filter((line) => line.path === path);
  let server: TestApp;

  beforeAll(async () => {
    const logger = pino({ level: 'info' }, { write: (text: string) => written.push(text) });
    server = await startTestApp('sqlite', {}, {}, logger);
  });
  afterEach(() => closeAllSockets());
  afterAll(() => server.close());

  it('writes one line per request, naming the path without the query string', async () => {
    const link = await request(server.baseUrl, 'GET', '/api/auth/verify?token=one-time-secret');
    expect(link.status).toBe(303);

    // The line is written once the answer has gone out, so it may follow the client's read.
    await vi.waitFor(() => expect(linesFor('/api/auth/verify')).toHaveLength(1));
    const [line] = linesFor('/api/auth/verify');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', status: 303 });
    expect(line?.ms).toBeGreaterThanOrEqual(0);
    expect(written.join('')).not.toContain('one-time-secret');
    expect(lines().map((entry) => entry.msg)).not.toContain('incoming request');
  });

  it('keeps a WebSocket access token out of the log', async () => {
    const account = await createVerifiedAccount(server.baseUrl, 'access-log@mit.edu');
    const client = await connectSocket(buildSocketUrl(server.baseUrl, account.access_token));
    expect(await client.call({ type: 'subscribe', channel: 'public:lobby' })).toMatchObject({
      type: 'ack',
    });

    const refused = await request(server.baseUrl, 'GET', '/api/realtime/campus?token=not-a-jwt');
    expect(refused.status).toBe(401);
    await vi.waitFor(() => expect(linesFor('/api/realtime/campus')).not.toHaveLength(0));
    expect(linesFor('/api/realtime/campus')).toContainEqual(
      expect.objectContaining({ method: 'GET', status: 401 }),
    );
    expect(written.join('')).not.toContain(account.access_token);
    expect(written.join('')).not.toContain('not-a-jwt');
  });
});
