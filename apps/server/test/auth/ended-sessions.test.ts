import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { readPageToken } from '../helpers/email-links';
import { DIALECTS } from '../helpers/test-database';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { buildSocketUrl, connectSocket, RefusedError } from '../realtime/helpers/socket-client';
import { PDF } from '../storage/fixtures';
import { upload } from '../storage/storage-client';

type Account = Awaited<ReturnType<typeof createVerifiedAccount>>;

const TABLE_READ = '/api/db/campus/rest/v1/projects?select=id';

let uploads = 0;

/** Every door an access token opens: what each one answers for this token. */
async function doorsFor(server: TestApp, account: Account) {
  const token = account.access_token;
  uploads += 1;
  const me = await request(server.baseUrl, 'GET', '/api/auth/me', { token });
  const table = await request(server.baseUrl, 'GET', TABLE_READ, { token });
  const stored = await upload(server.baseUrl, {
    token,
    path: `profile-pictures/${account.user.id}/cv-${uploads}.pdf`,
    file: { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' },
  });
  const socket = await connectSocket(buildSocketUrl(server.baseUrl, token)).then(
    (opened) => {
      opened.socket.close();
      return 101;
    },
    (error: unknown) => (error instanceof RefusedError ? error.status : -1),
  );
  const socketAuth = await connectSocket(buildSocketUrl(server.baseUrl)).then(async (opened) => {
    const answer = await opened.call({ type: 'auth', token });
    opened.socket.close();
    return answer.type === 'ack' ? 'ack' : String(answer.code);
  });
  return { me: me.status, table: table.status, upload: stored.status, socket, socketAuth };
}

const OPEN = { me: 200, table: 200, upload: 201, socket: 101, socketAuth: 'ack' };
const SHUT = { me: 401, table: 401, upload: 401, socket: 401, socketAuth: 'INVALID_TOKEN' };

describe.each(DIALECTS)('ended sign-ins on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind);
  });
  afterAll(() => server.close());

  const signInAgain = async (email: string) =>
    (
      await request<Account>(server.baseUrl, 'POST', '/api/auth/signin', {
        body: { email, password: 'correct-horse-battery' },
      })
    ).body;

  it('refuses the access token of a signed-out session everywhere, and no other session', async () => {
    const phone = await createVerifiedAccount(server.baseUrl, 'ada@mit.edu');
    const laptop = await signInAgain('ada@mit.edu');
    // Used once first, so a token the server has already seen and remembered is refused too.
    expect(await doorsFor(server, phone)).toEqual(OPEN);
    const live = await connectSocket(buildSocketUrl(server.baseUrl, phone.access_token));
    const laptopSocket = await connectSocket(buildSocketUrl(server.baseUrl, laptop.access_token));

    const logout = await request(server.baseUrl, 'POST', '/api/auth/logout', {
      body: { refresh_token: phone.refresh_token },
    });
    expect(logout.status).toBe(204);

    expect(await live.closed()).toMatchObject({ code: 4401 });
    expect(await doorsFor(server, phone)).toEqual(SHUT);
    expect(await doorsFor(server, laptop)).toEqual(OPEN);
    expect(laptopSocket.socket.readyState).toBe(laptopSocket.socket.OPEN);
    laptopSocket.socket.close();
  });

  it('refuses the tokens of a deleted account everywhere, and keeps nothing it uploads', async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'grace@mit.edu');
    const live = await connectSocket(buildSocketUrl(server.baseUrl, ada.access_token));
    expect(await doorsFor(server, ada)).toEqual(OPEN);

    const deleted = await request(server.baseUrl, 'DELETE', '/api/auth/me', {
      token: ada.access_token,
    });
    expect(deleted.status).toBe(204);

    expect(await live.closed()).toMatchObject({ code: 4401 });
    expect(await doorsFor(server, ada)).toEqual(SHUT);
  });

  it('refuses the tokens of every sign-in after a password reset, and keeps the new one', async () => {
    const phone = await createVerifiedAccount(server.baseUrl, 'edsger@mit.edu');
    const laptop = await signInAgain('edsger@mit.edu');
    const live = await connectSocket(buildSocketUrl(server.baseUrl, laptop.access_token));
    expect(await doorsFor(server, phone)).toEqual(OPEN);

    const asked = await request(server.baseUrl, 'POST', '/api/auth/recover', {
      body: { email: 'edsger@mit.edu' },
    });
    expect(asked.status).toBe(202);
    // The email leaves after the answer.
    const link = await vi.waitFor(async () => {
      const outbox = await request<{ emails: { subject: string; text: string }[] }>(
        server.baseUrl,
        'GET',
        '/dev/outbox?to=edsger%40mit.edu&limit=1',
      );
      const mail = outbox.body.emails.find((email) => /reset/i.test(email.subject));
      const found = mail && /https?:\/\/\S+/.exec(mail.text)?.[0];
      if (!found) throw new Error('no reset email yet');
      return found;
    });
    const reset = await request(server.baseUrl, 'POST', '/api/auth/reset', {
      body: { token: readPageToken(link, 'reset-password'), password: 'a-new-password-1' },
    });
    expect(reset.status).toBe(204);

    expect(await live.closed()).toMatchObject({ code: 4401 });
    expect(await doorsFor(server, phone)).toEqual(SHUT);
    expect(await doorsFor(server, laptop)).toEqual(SHUT);
    const fresh = await request<Account>(server.baseUrl, 'POST', '/api/auth/signin', {
      body: { email: 'edsger@mit.edu', password: 'a-new-password-1' },
    });
    expect(await doorsFor(server, fresh.body)).toEqual(OPEN);
  });

  it('refuses a session ended while its first request was being checked', async () => {
    const ada = await createVerifiedAccount(server.baseUrl, 'alan@mit.edu');
    // The token is new to the server: the first read and the logout race.
    const [read, logout] = await Promise.all([
      request(server.baseUrl, 'GET', TABLE_READ, { token: ada.access_token }),
      request(server.baseUrl, 'POST', '/api/auth/logout', {
        body: { refresh_token: ada.refresh_token },
      }),
    ]);
    expect([200, 401]).toContain(read.status);
    expect(logout.status).toBe(204);
    expect((await doorsFor(server, ada)).me).toBe(401);
  });
});
