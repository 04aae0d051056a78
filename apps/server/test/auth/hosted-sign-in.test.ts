import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount } from '../helpers/accounts';
import { request, startTestApp, type TestApp } from '../helpers/test-app';

const form = (fields: Record<string, string>) => ({
  raw: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

describe('the hosted sign-in page', () => {
  let server: TestApp;
  beforeAll(async () => {
    server = await startTestApp('sqlite', { AUTH_REDIRECT_ORIGINS: 'https://partner.example' });
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
});
