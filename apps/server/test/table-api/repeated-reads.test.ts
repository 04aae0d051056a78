import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedStudents } from '../helpers/accounts';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const INBOX = '/api/db/campus/rest/v1/messages?select=subject&order=created_at.desc,id.desc';

/**
 * A read the server has answered before skips its parse and plan (modules/table-api/prepared-reads.ts).
 * Asked again, it must answer exactly as a read seen for the first time would.
 */
describe.each(DIALECTS)('repeated reads on %s', (kind) => {
  let server: TestApp;
  let ids: Record<'ada' | 'bob' | 'cy', string>;
  let tokens: Record<'ada' | 'bob' | 'cy', string>;

  const read = (path: string, token: string | undefined, headers: Record<string, string> = {}) =>
    request<{ subject: string }[]>(server.baseUrl, 'GET', path, { token, headers });
  const subjects = async (token: string) => {
    const response = await read(INBOX, token);
    expect(response.status).toBe(200);
    return response.body.map((row) => row.subject);
  };
  const send = async (subject: string) => {
    const sent = await request(server.baseUrl, 'POST', '/api/db/campus/rest/v1/messages', {
      token: tokens.ada,
      body: { recipient_id: ids.bob, subject, message: 'Join us' },
    });
    expect(sent.status).toBe(201);
  };

  beforeAll(async () => {
    server = await startTestApp(kind);
    ({ ids, tokens } = await createVerifiedStudents(server.baseUrl, ['ada', 'bob', 'cy']));
    await send('Robots?');
  });
  afterAll(() => server.close());

  it('answers the same URL for each user with their own rows, as they are now', async () => {
    expect(await subjects(tokens.bob)).toEqual(['Robots?']);
    expect(await subjects(tokens.cy)).toEqual([]);
    expect(await subjects(tokens.ada)).toEqual(['Robots?']);
    await send('Drones?');
    expect(await subjects(tokens.bob)).toEqual(['Drones?', 'Robots?']);
    expect(await subjects(tokens.cy)).toEqual([]);
  });

  it('still asks every request for a valid token', async () => {
    expect((await read(INBOX, tokens.bob)).status).toBe(200);
    expect((await read(INBOX, undefined)).status).toBe(401);
    expect((await read(INBOX, `${tokens.bob}x`)).status).toBe(401);
  });

  it('reads the same URL anew when a header the parse reads differs', async () => {
    const plain = await read(INBOX, tokens.bob);
    const counted = await read(INBOX, tokens.bob, { prefer: 'count=exact' });
    const first = await read(INBOX, tokens.bob, { range: '0-0' });
    const single = await read(`${INBOX}&limit=1`, tokens.bob, {
      accept: 'application/vnd.pgrst.object+json',
    });
    expect(plain.headers.get('content-range')).toBe('0-1/*');
    expect(counted.headers.get('content-range')).toBe('0-1/2');
    expect(first.body).toEqual([{ subject: 'Drones?' }]);
    expect(single.body).toEqual({ subject: 'Drones?' });
    // The same headers again get the same answers.
    expect((await read(INBOX, tokens.bob)).headers.get('content-range')).toBe('0-1/*');
    expect((await read(INBOX, tokens.bob, { range: '0-0' })).body).toEqual([
      { subject: 'Drones?' },
    ]);
  });

  it('reads HEAD apart from GET: Range applies to GET only', async () => {
    const get = await read(INBOX, tokens.bob, { range: '0-0' });
    const head = await request(server.baseUrl, 'HEAD', INBOX, {
      token: tokens.bob,
      headers: { range: '0-0' },
    });
    expect(get.headers.get('content-range')).toBe('0-0/*');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-1/*');
  });

  it('refuses a bad read every time it is asked', async () => {
    const bad = '/api/db/campus/rest/v1/messages?read_status=eq.yes';
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await read(bad, tokens.bob);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ code: '22P02' });
    }
  });
});
