// @vitest-environment happy-dom
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVerifiedAccount, startTestApp, type TestApp } from '@campuscollab/server/testing';
import { createSharedStorage } from './helpers/memory-storage';
import { createNodeClient } from './helpers/real-client';

/**
 * docs/product.md §4.2, source 2, end to end: `login()` sends the visitor to the hosted page, whose
 * form redirects back with the tokens in the address; the SDK takes them, removes them from the
 * address and validates them with the real server. The page lives on the server's origin.
 */
describe('hosted sign-in round trip against the real server', () => {
  let app: TestApp;
  const setPageUrl = (url: string) =>
    (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

  beforeAll(async () => {
    app = await startTestApp('sqlite');
    // happy-dom's fetch applies the same-origin policy, and the server sends no CORS headers.
    setPageUrl(`${app.baseUrl}/`);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('signs in through the hosted page and picks the tokens up from the address', async () => {
    await createVerifiedAccount(app.baseUrl, 'kim@unimelb.edu.au', 'correct-horse-battery');
    setPageUrl(`${app.baseUrl}/dashboard?tab=projects`);
    const visits: string[] = [];
    const first = createNodeClient(app.baseUrl, { navigate: (url) => visits.push(url) }).client;
    await first.auth.ready;
    first.auth.login();

    const hostedPage = new URL(visits[0]!);
    expect(hostedPage.pathname).toBe('/auth');
    expect(hostedPage.searchParams.get('redirect_url')).toBe(
      `${app.baseUrl}/dashboard?tab=projects`,
    );
    expect(hostedPage.searchParams.get('project_id')).toBe('campus');
    const state = hostedPage.searchParams.get('state')!;
    const page = await fetch(hostedPage);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`name="state" value="${state}"`);

    // What the hosted page's form posts.
    const form = new URLSearchParams({
      redirect_url: hostedPage.searchParams.get('redirect_url')!,
      project_id: 'campus',
      state,
      email: 'kim@unimelb.edu.au',
      password: 'correct-horse-battery',
    });
    const posted = await fetch(`${app.baseUrl}/auth`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(posted.status).toBe(303);
    const back = posted.headers.get('location')!;
    expect(back).toContain('access_token=');
    expect(new URL(back).searchParams.get('state')).toBe(state);

    setPageUrl(back);
    const { client, storage } = createNodeClient(app.baseUrl);
    expect(location.href).toBe(`${app.baseUrl}/dashboard?tab=projects`);
    await client.auth.ready;

    expect(client.auth.getUser()?.email).toBe('kim@unimelb.edu.au');
    expect(JSON.parse(storage.getItem('campuscollab.auth.campus')!).refresh_token).toBe(
      new URL(back).searchParams.get('refresh_token'),
    );
    first.close();
    client.close();
  });

  it("ignores another student's tokens in a link, signed in or not", async () => {
    const other = await createVerifiedAccount(app.baseUrl, 'lee@unimelb.edu.au');
    const signedIn = await createVerifiedAccount(app.baseUrl, 'sam@unimelb.edu.au');
    const link = new URL(`${app.baseUrl}/?page=messages`);
    link.searchParams.set('access_token', other.access_token);
    link.searchParams.set('refresh_token', other.refresh_token);
    link.searchParams.set('state', 'whatever-the-link-says');

    setPageUrl(link.toString());
    const visitor = createNodeClient(app.baseUrl);
    expect(location.href).toBe(`${app.baseUrl}/?page=messages`);
    await visitor.client.auth.ready;
    expect(visitor.client.auth.getUser()).toBeNull();
    visitor.client.close();

    setPageUrl(link.toString());
    const storage = createSharedStorage();
    storage.setItem('campuscollab.auth.campus', JSON.stringify(signedIn));
    const student = createNodeClient(app.baseUrl, { storage });
    await student.client.auth.ready;
    expect(student.client.auth.getUser()?.email).toBe('sam@unimelb.edu.au');
    expect(JSON.parse(storage.getItem('campuscollab.auth.campus')!).refresh_token).toBe(
      signedIn.refresh_token,
    );
    student.client.close();
  });
});
