import { SCHOOL_EMAIL_FORM_MESSAGE, type TokenSet } from '@campuscollab/shared/core';
import { test, expect, type Page } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import { baseUrl, deleteStudent, newSchoolEmail } from './support/students';

const PASSWORD = 'correct-horse-battery';

async function fillSignUp(page: Page, email: string, password: string, confirm: string) {
  await page.getByLabel('School Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm Password').fill(confirm);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

test('sign-up refuses bad input, then verification by email leads to Complete Your Profile', async ({
  page,
  capture,
}) => {
  await page.goto('/?page=auth');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByText('School Email Required')).toBeVisible();

  await fillSignUp(page, 'ada@gmail.com', PASSWORD, PASSWORD);
  await expect(page.getByRole('alert')).toHaveText(SCHOOL_EMAIL_FORM_MESSAGE);

  const email = newSchoolEmail('signup');
  await fillSignUp(page, email, PASSWORD, `${PASSWORD}!`);
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');

  await fillSignUp(page, email, PASSWORD, PASSWORD);
  const sent = page.getByRole('status').filter({ hasText: 'Verification Email Sent' });
  await expect(sent).toContainText(email);
  await expect(sent).toContainText(/check your inbox/i);
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The emailed link goes to the server, which verifies and redirects to the sign-in tab.
  const link = firstLink(await waitForEmail(email));
  await page.goto(link);
  await expect(page).toHaveURL(/[?&]page=auth&tab=signin&notice=verified/);
  await expect(page.getByText('Email Verified')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await capture('sign-up-verified');

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByLabel('University*')).toHaveValue('MIT');

  const signin = await fetch(`${baseUrl()}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const session = (await signin.json()) as TokenSet & { user: { id: string } };
  await deleteStudent({ email, password: PASSWORD, id: session.user.id, tokens: session });
});
