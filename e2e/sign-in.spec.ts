import { test, expect, type Page } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import {
  createVerifiedStudent,
  deleteStudent,
  newSchoolEmail,
  signInStudent,
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

test('an unverified account answers like a wrong password until its link sets the password', async ({
  page,
}) => {
  const email = newSchoolEmail('unverified');
  const signup = await fetch(`${process.env.E2E_BASE_URL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(signup.status).toBe(201);
  const link = firstLink(await waitForEmail(email, 1));

  await page.goto('/?page=auth&tab=signin');
  await signIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');

  await page.goto(link);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

  await deleteStudent(await signInStudent(email, PASSWORD));
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
}) => {
  const student = await createVerifiedStudent(newSchoolEmail('forgetful'));

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

  await deleteStudent(await signInStudent(student.email, NEW_PASSWORD));
});
