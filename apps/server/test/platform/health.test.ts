import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

describe.each(DIALECTS)('health on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  it('answers 200 with the database kind, then 503 once the database is gone', async () => {
    const healthy = await request(server.baseUrl, 'GET', '/api/health');
    expect(healthy).toMatchObject({ status: 200, body: { status: 'ok', database: kind } });

    await server.database.close();
    const down = await request(server.baseUrl, 'GET', '/api/health');
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { database: kind } });
  });

  it('sends the API’s security headers and a request id, on an error too', async () => {
    const answers = [
      await request(server.baseUrl, 'GET', '/api/health', {
        headers: { 'x-request-id': 'trace-123' },
      }),
      await request(server.baseUrl, 'GET', '/api/no-such-route'),
    ];
    expect(answers[0]!.headers.get('x-request-id')).toBe('trace-123');
    expect(answers[1]!.status).toBe(404);
    for (const { headers } of answers) {
      expect(headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
      expect(headers.get('strict-transport-security')).toMatch(/^max-age=\d+/);
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
      // Document-only headers are the pages' alone.
      expect(headers.get('cross-origin-opener-policy')).toBeNull();
    }
  });

  it('sends pages the page headers: a policy that lets only our own scripts run', async () => {
    const page = await request(server.baseUrl, 'GET', '/auth');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
