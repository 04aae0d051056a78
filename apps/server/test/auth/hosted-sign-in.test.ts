import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';
import { DIALECTS } from '../helpers/test-database';

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe.each(DIALECTS)('the hosted sign-in page on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, { AUTH_REDIRECT_ORIGINS: 'https://partner.example' });
    await createVerifiedAccount(server.baseUrl, 'ada@mit.edu', 'correct-horse-battery');
  });
  afterAll(() => server.close());

  it('shows a labelled form that posts back to /auth', async () => {
    const page = await request<string>(
      server.baseUrl,
      'GET',
      '/auth?redirect_url=%2F%3Fpage%3Ddashboard&project_id=campus',
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.body).toContain('<form method="post" action="/auth">');
    expect(page.body).toContain('<label for="email">');
    expect(page.body).toContain(`value="${server.baseUrl}/?page=dashboard"`);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('signs in and redirects with the tokens in the query', async () => {
    const response = await request(
      server.baseUrl,
      'POST',
      '/auth',
      form({
        email: 'ada@mit.edu',
        password: 'correct-horse-battery',
        redirect_url: 'https://partner.example/app',
        project_id: 'campus',
      }),
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.origin).toBe('https://partner.example');
    const accessToken = location.searchParams.get('access_token')!;
    expect(location.searchParams.get('refresh_token')).toBeTruthy();
    const me = await request(server.baseUrl, 'GET', '/api/auth/me', { token: accessToken });
    expect(me.body).toMatchObject({ user: { email: 'ada@mit.edu' } });
  });

  it('shows the error on the page for a wrong password, keeping the email', async () => {
    const response = await request<string>(
      server.baseUrl,
      'POST',
      '/auth',
      form({
        email: 'ada@mit.edu',
        password: 'wrong-password',
        redirect_url: '/',
        project_id: 'campus',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toContain('role="alert"');
    expect(response.body).toContain('Invalid login credentials');
    expect(response.body).toContain('value="ada@mit.edu"');
  });

  it('escapes what it echoes', async () => {
    const response = await request<string>(
      server.baseUrl,
      'POST',
      '/auth',
      form({
        email: '"><script>alert(1)</script>@mit.edu',
        password: 'whatever-password',
        project_id: 'campus',
      }),
    );
    expect(response.body).not.toContain('<script>alert(1)</script>');
    expect(response.body).toContain('&lt;script&gt;');
  });

  it('never redirects tokens to a foreign origin', async () => {
    const response = await request(
      server.baseUrl,
      'POST',
      '/auth',
      form({
        email: 'ada@mit.edu',
        password: 'correct-horse-battery',
        redirect_url: 'https://evil.example/',
        project_id: 'campus',
      }),
    );
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });

  it('carries the sign-in state through the form and back with the tokens', async () => {
    const page = await request<string>(
      server.baseUrl,
      'GET',
      '/auth?redirect_url=%2F%3Fpage%3Ddashboard&project_id=campus&state=n0nce-%22%3E',
    );
    expect(page.body).toContain('<input type="hidden" name="state" value="n0nce-&quot;&gt;">');

    const response = await request(
      server.baseUrl,
      'POST',
      '/auth',
      form({
        email: 'ada@mit.edu',
        password: 'correct-horse-battery',
        redirect_url: '/?page=dashboard',
        project_id: 'campus',
        state: 'n0nce-1',
      }),
    );
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('location')!);
    expect(location.searchParams.get('state')).toBe('n0nce-1');
    expect(location.searchParams.get('page')).toBe('dashboard');
    expect(location.searchParams.get('access_token')).toBeTruthy();
  });

  it('never passes on a state that came inside redirect_url', async () => {
    const response = await request(
      server.baseUrl,
      'POST',
      '/auth',
      form({
        email: 'ada@mit.edu',
        password: 'correct-horse-battery',
        redirect_url: '/?state=planted',
        project_id: 'campus',
      }),
    );
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location')!).searchParams.has('state')).toBe(false);
  });
});

// Login CSRF: a foreign page auto-submitting the form would sign the visitor in as its author.
describe.each(DIALECTS)('the hosted sign-in form posted from another site, on %s', (kind) => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp(kind, {
      AUTH_REDIRECT_ORIGINS: 'https://partner.example',
      // Refused posts that were counted would show as a 429 within the guesses below.
      AUTH_EMAIL_RATE_LIMIT_PER_HOUR: '5',
    });
    await createVerifiedAccount(server.baseUrl, 'mallory@mit.edu', 'correct-horse-battery');
    await createVerifiedAccount(server.baseUrl, 'eve@mit.edu', 'correct-horse-battery');
  });
  afterAll(() => server.close());

  const postForm = (
    headers: Record<string, string>,
    password = 'correct-horse-battery',
    email = 'mallory@mit.edu',
  ) =>
    request<string>(server.baseUrl, 'POST', '/auth', {
      raw: new URLSearchParams({
        email,
        password,
        redirect_url: '/?page=messages',
        project_id: 'campus',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });

  // Each case builds its headers from our own origin, known only once the server listens.
  it.each<[string, (ours: URL) => Record<string, string>]>([
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    [
      'a foreign Origin that says same-site',
      () => ({ origin: 'https://evil.example', 'sec-fetch-site': 'same-site' }),
    ],
    ['the null Origin of a sandboxed frame', () => ({ origin: 'null' })],
    ['another port of our host', (ours) => ({ origin: `http://${ours.hostname}:1` })],
    ['https on our host', (ours) => ({ origin: `https://${ours.host}` })],
    ['a cross-site fetch without Origin', () => ({ 'sec-fetch-site': 'cross-site' })],
    [
      'a cross-site post claiming our Origin',
      (ours) => ({ origin: ours.origin, 'sec-fetch-site': 'cross-site' }),
    ],
  ])('refuses %s with a 403 page and no tokens', async (_name, headers) => {
    const response = await postForm(headers(new URL(server.baseUrl)));
    expect(response.status).toBe(403);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(response.headers.get('location')).toBeNull();
    expect(response.body).toContain('role="alert"');
    expect(response.body).not.toContain('access_token');
  });

  it('refuses before looking at the password: refused guesses are neither checked nor counted', async () => {
    for (let n = 0; n < 3; n++) {
      const refused = await postForm(
        { origin: 'https://evil.example' },
        `wrong-${n}`,
        'eve@mit.edu',
      );
      expect(refused.status).toBe(403);
      expect(refused.body).not.toContain('Invalid login credentials');
    }
    // Eve's sign-in at creation and four guesses fill her limit of five: nothing else counted.
    const guesses = [];
    for (let n = 0; n < 4; n++) {
      guesses.push(
        (await postForm({ origin: server.baseUrl }, `wrong-${n}`, 'eve@mit.edu')).status,
      );
    }
    expect(guesses).toEqual([400, 400, 400, 400]);
  });

  it.each([
    ['our own page', () => ({ origin: server.baseUrl, 'sec-fetch-site': 'same-origin' })],
    [
      'an allowed origin on the same site',
      () => ({ origin: 'https://partner.example', 'sec-fetch-site': 'same-site' }),
    ],
    ['a client that is not a browser', () => ({})],
  ])('accepts a post from %s', async (_name, headers) => {
    const response = await postForm(headers());
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toContain('access_token=');
  });
});
