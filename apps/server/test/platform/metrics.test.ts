import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { parsePrometheusText, type Sample } from '../helpers/prometheus-text';
import { requestFrom } from '../helpers/request-from';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';
import { buildSocketUrl, connectSocket } from '../realtime/helpers/socket-client';

const TOKEN = 'metrics-token-with-at-least-32-characters';

async function scrape(server: TestApp): Promise<{ text: string; samples: Sample[] }> {
  const response = await request(server.baseUrl, 'GET', '/metrics');
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const text = response.body as unknown as string;
  return { text, samples: parsePrometheusText(text) };
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );

describe.each(DIALECTS)('GET /metrics on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('counts requests by route pattern, never by URL', async () => {
    const { access_token: token } = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    for (const id of ids) {
      const read = await request(
        server.baseUrl,
        'GET',
        `/api/db/campus/rest/v1/projects?id=eq.${id}`,
        {
          token,
        },
      );
      expect(read.status).toBe(200);
    }
    const { text, samples } = await scrape(server);

    const reads = find(samples, 'http_requests_total', {
      method: 'GET',
      route: '/api/db/:project/rest/v1/:table',
      status_class: '2xx',
    });
    expect(reads).toHaveLength(1);
    expect(reads[0]!.value).toBe(ids.length);
    const durations = find(samples, 'http_request_duration_seconds_count', {
      route: '/api/db/:project/rest/v1/:table',
      status_class: '2xx',
    });
    expect(durations[0]?.value).toBe(ids.length);
    expect(
      find(samples, 'http_request_duration_seconds_bucket', { le: '+Inf' }).length,
    ).toBeGreaterThan(0);
    for (const id of ids) expect(text).not.toContain(id);
    expect(text).not.toContain('rest/v1/projects');
    // The process's own metrics come with it.
    expect(find(samples, 'process_resident_memory_bytes')).toHaveLength(1);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  });

  it('labels every unknown URL as one unmatched route', async () => {
    for (let index = 0; index < 25; index += 1) {
      const probe = await request(server.baseUrl, 'GET', `/probe-${index}/${randomUUID()}`);
      expect(probe.status).toBe(404);
    }
    const { text, samples } = await scrape(server);
    const unmatched = find(samples, 'http_requests_total', { route: '(unmatched)' });
    expect(unmatched).toEqual([
      {
        name: 'http_requests_total',
        labels: { method: 'GET', route: '(unmatched)', status_class: '4xx' },
        value: 25,
      },
    ]);
    expect(text).not.toContain('probe-');
    const routes = new Set(
      find(samples, 'http_requests_total').map((sample) => sample.labels.route),
    );
    for (const route of routes)
      expect(route === '(unmatched)' || route!.startsWith('/')).toBe(true);
  });

  it('reports open realtime sockets on each scrape', async () => {
    const before = find((await scrape(server)).samples, 'campuscollab_realtime_open_sockets');
    expect(before).toEqual([expect.objectContaining({ value: 0 })]);
    const client = await connectSocket(buildSocketUrl(server.baseUrl));
    const during = find((await scrape(server)).samples, 'campuscollab_realtime_open_sockets');
    expect(during).toEqual([expect.objectContaining({ value: 1 })]);
    client.socket.close();
    await client.closed();
  });

  it('reports the emails kept in the outbox (no SMTP server here)', async () => {
    await request(server.baseUrl, 'POST', '/api/auth/signup', {
      body: { email: 'grace@mit.edu', password: 'correct-horse-battery' },
    });
    const outbox = await request<{ emails: unknown[] }>(
      server.baseUrl,
      'GET',
      '/dev/outbox?limit=100',
    );
    const kept = find((await scrape(server)).samples, 'campuscollab_email_outbox_emails');
    expect(kept).toEqual([expect.objectContaining({ value: outbox.body.emails.length })]);
    expect(outbox.body.emails.length).toBeGreaterThanOrEqual(2);
  });

  it(
    kind === 'postgres'
      ? 'reports the database pool’s connections'
      : 'reports no pool, since SQLite has none',
    async () => {
      const { samples } = await scrape(server);
      const total = find(samples, 'campuscollab_db_pool_connections');
      const idle = find(samples, 'campuscollab_db_pool_idle_connections');
      const waiting = find(samples, 'campuscollab_db_pool_waiting_queries');
      if (kind === 'sqlite') {
        expect([...total, ...idle, ...waiting]).toEqual([]);
        return;
      }
      expect(total[0]!.value).toBeGreaterThanOrEqual(1);
      expect(idle[0]!.value).toBeLessThanOrEqual(total[0]!.value);
      expect(waiting[0]!.value).toBe(0);
    },
  );
});

describe('who may read /metrics', () => {
  const servers: TestApp[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startTestApp('sqlite', env);
    servers.push(server);
    return server;
  };
  afterAll(() => Promise.all(servers.map((server) => server.close())));

  it('outside production without a token: this machine only', async () => {
    // 127.0.0.1 plays a reverse proxy in front of the server.
    const server = await start({ TRUST_PROXY: '127.0.0.1' });
    const url = `${server.baseUrl}/metrics`;
    expect((await requestFrom(url, { localAddress: '127.0.0.2' })).status).toBe(200);
    const remote = await requestFrom(url, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(remote.status).toBe(403);
    expect(JSON.parse(remote.text)).toMatchObject({ code: 'FORBIDDEN' });
    expect(remote.text).not.toContain('http_requests_total');
    const socket = await server.app.inject({ url: '/metrics', remoteAddress: '2001:db8::1' });
    expect(socket.statusCode).toBe(403);
  });

  it('outside production with a token: this machine, or anyone with the token', async () => {
    const server = await start({ TRUST_PROXY: '127.0.0.1', METRICS_TOKEN: TOKEN });
    const url = `${server.baseUrl}/metrics`;
    const remote = { 'x-forwarded-for': '203.0.113.9' };
    expect((await requestFrom(url)).status).toBe(200);
    const withToken = await requestFrom(url, {
      headers: { ...remote, authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.text).toContain('http_requests_total');
    const without = await requestFrom(url, { headers: remote });
    expect(without.status).toBe(401);
    expect(without.headers['www-authenticate']).toBe('Bearer');
  });

  it('in production: only with the token, whoever asks', async () => {
    const server = await start({ NODE_ENV: 'production', METRICS_TOKEN: TOKEN });
    const url = `${server.baseUrl}/metrics`;
    const answers = await Promise.all(
      [undefined, 'Bearer wrong-token', `Bearer ${TOKEN}x`, TOKEN, `Basic ${TOKEN}`].map(
        (authorization) => requestFrom(url, { headers: authorization ? { authorization } : {} }),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    const allowed = await requestFrom(url, { headers: { authorization: `bearer ${TOKEN}` } });
    expect(allowed.status).toBe(200);
    expect(parsePrometheusText(allowed.text).length).toBeGreaterThan(0);
  });

  it('in production without a token: there is no /metrics, even for this machine', async () => {
    const server = await start({ NODE_ENV: 'production' });
    const response = await request(server.baseUrl, 'GET', '/metrics');
    expect(response.status).toBe(404);
  });
});
