import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

/** One request per data endpoint, each valid but refused by its handler: every one is counted. */
const REQUESTS: { endpoint: string; body: string; status: number }[] = [
  { endpoint: 'fetch', body: '{"url":"http://10.0.0.1/"}', status: 400 },
  { endpoint: 'extract-from-url', body: '{"url":"http://10.0.0.1/"}', status: 400 },
  { endpoint: 'extract-from-blob', body: '{}', status: 400 },
  { endpoint: 'scrape', body: '{"url":"http://10.0.0.1/"}', status: 400 },
  { endpoint: 'search', body: '{"query":"bees"}', status: 503 },
];

/**
 * What every data endpoint shares: the project check, sign-in before the body is looked at, and
 * one budget per student of 30 requests a minute, whichever endpoints they go to.
 */
describe.each(DIALECTS)('the data endpoints’ shared guards on %s', (kind) => {
  let server: TestApp;
  let tokens: Record<'ada' | 'bob', string>;

  const send = async (
    token: string,
    { endpoint, body }: Pick<(typeof REQUESTS)[number], 'endpoint' | 'body'>,
    project = 'campus',
  ) => {
    const response = await fetch(`${server.baseUrl}/api/data/${project}/${endpoint}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    ({ tokens } = await createVerifiedStudents(server.baseUrl, ['ada', 'bob']));
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 401 without a token whatever the (well-formed) body, and 404 for another project', async () => {
    for (const { endpoint, body } of REQUESTS) {
      for (const sent of [body, '[1,2,3]', '{"url":42}']) {
        const { status, body: answer } = await send('', { endpoint, body: sent });
        expect({ endpoint, sent, status, code: answer.code }).toEqual({
          endpoint,
          sent,
          status: 401,
          code: 'UNAUTHORIZED',
        });
      }
      const other = await send(tokens.bob, { endpoint, body }, 'other');
      expect({ endpoint, status: other.status }).toEqual({ endpoint, status: 404 });
    }
  });

  it('answers the 31st request in a minute with 429, on any endpoint; another student is unaffected', async () => {
    for (let sent = 0; sent < 30; sent += 1) {
      const request = REQUESTS[sent % REQUESTS.length]!;
      const { status } = await send(tokens.ada, request);
      expect({ sent, endpoint: request.endpoint, status }).toEqual({
        sent,
        endpoint: request.endpoint,
        status: request.status,
      });
    }
    for (const request of REQUESTS) {
      expect(await send(tokens.ada, request)).toMatchObject({
        status: 429,
        body: { code: 'RATE_LIMITED' },
      });
    }
    expect((await send(tokens.bob, REQUESTS[4]!)).status).toBe(503);
  });
});
