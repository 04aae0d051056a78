import type { TokenSet } from '@campuscollab/shared/core';
import { test, expect, type Page } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import {
  addressWithTokens,
  baseUrl,
  createProfile,
  createVerifiedStudent,
  newSchoolEmail,
  openSignedIn,
  SESSION_STORAGE_KEY,
  signInStudent,
  type Student,
} from './support/students';

const PASSWORD = 'correct-horse-battery';
const NEW_PASSWORD = 'a-brand-new-password';

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function chooseNewPassword(page: Page, password: string, confirm: string) {
  await page.getByLabel('New Password').fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

test('an unverified account is told to verify, and its link sets the password', async ({
  page,
  accounts,
}) => {
  const email = newSchoolEmail('unverified');
  const signup = await fetch(`${baseUrl()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signup.status).toBe(201);
  const link = firstLink(await waitForEmail(email, 1));

  // The sign-up's own password earns the catalogue's advice and a fresh link, not a session.
  await page.goto('/?page=auth&tab=signin');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'Please verify your email first. Check your inbox for the verification link.',
  );
  await waitForEmail(email, 2);
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();

  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

  accounts.push(await signInStudent(email, PASSWORD));
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

test('forgot password: email, reset link, new password; the old one is refused', async ({
  page,
  capture,
  accounts,
}) => {
  const student = await createVerifiedStudent(newSchoolEmail('forgetful'));
  accounts.push(student);

  await page.goto('/?page=auth&tab=signin');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(student.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status')).toHaveText(
    "If an account exists for that address, we've sent a link to reset your password.",
  );
  await capture('forgot-password');

  const link = firstLink(await waitForEmail(student.email, 1, 'Reset'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a New Password' })).toBeVisible();
  await chooseNewPassword(page, NEW_PASSWORD, `${NEW_PASSWORD}!`);
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await chooseNewPassword(page, 'short', 'short');
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters');
  await capture('reset-password');

  await chooseNewPassword(page, NEW_PASSWORD, NEW_PASSWORD);
  await expect(page.getByRole('status')).toHaveText(
    'Your password has been reset. Sign in with your new password.',
  );
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  await signIn(page, student.email, student.password);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await signIn(page, student.email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

  // The sign-in the student had before the reset is over.
  const refreshed = await fetch(`${process.env.E2E_BASE_URL}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: student.tokens.refresh_token }),
  });
  expect(refreshed.status).toBe(401);

  // The reset ended the first session, whose tokens can no longer delete the account.
  accounts.push(await signInStudent(student.email, NEW_PASSWORD));
});

/** The refresh token of the session this browser keeps, or null when signed out. */
const storedRefreshToken = (page: Page) =>
  page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? 'null') as TokenSet | null)?.refresh_token,
    SESSION_STORAGE_KEY,
  );

test.describe('login CSRF', () => {
  let other: Student;
  test.beforeEach(async ({ accounts }) => {
    other = await createVerifiedStudent(newSchoolEmail('mallory'));
    accounts.push(other);
    await createProfile(other, { name: 'Mallory Link' });
  });

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
