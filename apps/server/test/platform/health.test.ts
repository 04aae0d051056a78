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

  it('sends security headers and a request id', async () => {
    const response = await request(server.baseUrl, 'GET', '/api/health', {
      headers: { 'x-request-id': 'trace-123' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-123');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });
});
