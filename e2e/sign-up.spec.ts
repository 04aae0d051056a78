import { SCHOOL_EMAIL_FORM_MESSAGE } from '@campuscollab/shared/core';
import { test, expect, type Page } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import { baseUrl, newSchoolEmail, signInStudent } from './support/students';

const PASSWORD = 'correct-horse-battery';
const STRANGER_PASSWORD = 'a-strangers-password';

async function fillSignUp(page: Page, email: string, password: string, confirm: string) {
  await page.getByLabel('School Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

async function choosePassword(page: Page, password: string, confirm: string) {
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
}

test('sign-up, the emailed link, choosing the password, then signed in to Complete Your Profile', async ({
  page,
  capture,
  accounts,
}) => {
  const email = newSchoolEmail('signup');
  // A stranger who cannot read the mailbox signed the address up first.
  const stranger = await fetch(`${baseUrl()}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRANGER_PASSWORD }),
  });
  expect(stranger.status).toBe(201);

  await page.goto('/?page=auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('School Email Required')).toBeVisible();

  await fillSignUp(page, 'ada@gmail.com', PASSWORD, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(SCHOOL_EMAIL_FORM_MESSAGE);

  await fillSignUp(page, email, PASSWORD, `${PASSWORD}!`);
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  await fillSignUp(page, email, PASSWORD, PASSWORD);
  const sent = page.getByRole('status').filter({ hasText: 'Verification Email Sent' });
  await expect(sent).toContainText(email);
  await expect(sent).toContainText(/check your inbox/i);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The emailed link goes to the server, which sends it on to the page where the password is
  // chosen: the link proves the mailbox, so no sign-up's password comes with it.
  const link = firstLink(await waitForEmail(email, 2));
  await page.goto(link);
  await expect(page).toHaveURL(/[?&]page=verify-email&token=/);
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await expect(page.getByText(/the one you signed up with/)).toBeVisible();
  await capture('verify-email');

  await choosePassword(page, PASSWORD, `${PASSWORD}!`);
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await choosePassword(page, 'short', 'short');
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters');

  await choosePassword(page, PASSWORD, PASSWORD);
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByLabel('University*')).toHaveValue('Massachusetts Institute of Technology');

  // The stranger's password opens nothing; the one chosen on the page does.
  const strangerSignIn = await fetch(`${baseUrl()}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: STRANGER_PASSWORD }),
  });
  expect(strangerSignIn.status).toBe(400);

  // The link worked once: opened again, it offers a new one and the way to sign in.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await choosePassword(page, PASSWORD, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(
    'This link is invalid or has expired. Request a new one.',
  );
  await expect(page.getByRole('button', { name: 'Resend Verification Email' })).toBeVisible();
  await capture('verify-email-used-link');
  await page.getByRole('button', { name: 'Go to Sign In' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  accounts.push(await signInStudent(email, PASSWORD));
});
