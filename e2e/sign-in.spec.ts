import type { TokenSet } from '@campuscollab/shared/core';
import { test, expect, type Page } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import { baseUrl, deleteStudent, newSchoolEmail } from './support/students';

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
