import type { TokenSet } from '@campuscollab/shared/core';
import { test, expect, type Page } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import {
  addressWithTokens,
  baseUrl,
  createProfile,
  createVerifiedStudent,
  deleteStudent,
  newSchoolEmail,
  openSignedIn,
  SESSION_STORAGE_KEY,
  type Student,
} from './support/students';

const PASSWORD = 'correct-horse-battery';

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an unverified account is told to verify and gets a second verification email', async ({
  page,
  capture,
}) => {
  const email = newSchoolEmail('unverified');
  expect((await post('/api/auth/signup', { email, password: PASSWORD })).status).toBe(201);
  await waitForEmail(email, 1);

  await page.goto('/?page=auth&tab=signin');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'Please verify your email first. Check your inbox for the verification link.',
  );
  await expect(
    page.getByRole('status').filter({ hasText: 'Verification Email Sent' }),
  ).toContainText(email);
  const resent = await waitForEmail(email, 2);
  await capture('sign-in-unverified');

  // The resent link works: verify, then remove the account again.
  await fetch(firstLink(resent), { redirect: 'manual' });
  const signin = await post('/api/auth/signin', { email, password: PASSWORD });
  expect(signin.status).toBe(200);
  const session = (await signin.json()) as TokenSet & { user: { id: string } };
  await deleteStudent({ email, password: PASSWORD, id: session.user.id, tokens: session });
});

test('a wrong password shows the catalogue text; the right one signs in', async ({
  page,
  student,
  capture,
}) => {
  await page.goto('/?page=auth&tab=signin');
  await signIn(page, student.email, 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await capture('sign-in-wrong-password');

  await signIn(page, student.email, 'short');
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters');

  await signIn(page, student.email, student.password);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
});

/** The refresh token of the session this browser keeps, or null when signed out. */
const storedRefreshToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as TokenSet | null)?.refresh_token,
    SESSION_STORAGE_KEY,
  );

test.describe('login CSRF', () => {
  let other: Student;
  test.beforeEach(async () => {
    other = await createVerifiedStudent(newSchoolEmail('mallory'));
    await createProfile(other, { name: 'Mallory Link' });
  });
  test.afterEach(async () => deleteStudent(other));

  test("a signed-in student who opens a link with another student's tokens stays themself", async ({
    page,
    student,
    capture,
  }) => {
    await createProfile(student, { name: 'Ada Own' });
    await openSignedIn(page, student, 'settings');
    await expect(page.getByText(student.email)).toBeVisible();

    // The link opens in another tab of the same browser.
    const tab = await page.context().newPage();
    await tab.goto(addressWithTokens(other, 'settings'));
    await expect(tab.getByRole('heading', { name: 'Account Information' })).toBeVisible();
    await expect(tab.getByText(student.email)).toBeVisible();
    await expect(tab.getByText(other.email)).toHaveCount(0);
    expect(new URL(tab.url()).search).toBe('?page=settings');
    await capture('sign-in-foreign-link');

    // Neither tab changed hands: the shared session is still the student's own.
    expect(await storedRefreshToken(tab)).toBe(student.tokens.refresh_token);
    await page.reload();
    await expect(page.getByText(student.email)).toBeVisible();
    await expect(page.getByText(other.email)).toHaveCount(0);
  });

  test('a signed-out visitor who opens such a link is not signed in as its author', async ({
    page,
  }) => {
    await page.goto(addressWithTokens(other, 'settings'));
    await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
    await expect(page.getByText(other.email)).toHaveCount(0);
    expect(await storedRefreshToken(page)).toBeFalsy();
    expect(page.url()).not.toContain('access_token');
  });

  test('a sign-in form posted from another site is refused and the student stays themself', async ({
    page,
    student,
    capture,
  }) => {
    await createProfile(student, { name: 'Ada Own' });
    await openSignedIn(page, student, 'settings');
    await expect(page.getByText(student.email)).toBeVisible();

    // Another site's page that posts the hosted form with its author's password at once.
    await page.route('http://evil.example/**', (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<form id="f" method="post" action="${baseUrl()}/auth">
          <input name="email" value="${other.email}">
          <input name="password" value="${other.password}">
          <input name="redirect_url" value="/?page=settings">
        </form><script>document.getElementById('f').submit()</script>`,
      }),
    );
    await page.goto('http://evil.example/prize');
    await expect(page.getByRole('heading', { name: 'Sign-in refused' })).toBeVisible();
    expect(page.url()).toBe(`${baseUrl()}/auth`);
    await capture('sign-in-foreign-form');

    await page.goto('/?page=settings');
    await expect(page.getByText(student.email)).toBeVisible();
    expect(await storedRefreshToken(page)).toBe(student.tokens.refresh_token);
  });
});
