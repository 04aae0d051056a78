import { randomUUID } from 'node:crypto';
import { SCHOOL_EMAIL_FORM_MESSAGE } from '@campuscollab/shared/core';
import { test, expect } from './support/fixtures';
import { firstLink, waitForEmail } from './support/mailbox';
import { signInStudent } from './support/students';

const PASSWORD = 'correct-horse-battery';

// docs/product.md §5.1: any university the swot dataset lists is a school, not only the suffixes.
test('sign-up from a school only the dataset lists, with its name suggested', async ({
  page,
  accounts,
}) => {
  // tum.de ends in no product suffix: only the server's dataset knows it.
  const email = `every-school-${randomUUID().slice(0, 8)}@tum.de`;

  await page.goto('/?page=auth');
  const field = page.getByLabel('School Email');
  // Leaving the field asks the server, which refuses a mail provider at once.
  await field.fill('ada@gmail.com');
  await field.blur();
  await expect(field).toHaveAccessibleDescription(SCHOOL_EMAIL_FORM_MESSAGE);

  await field.fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await expect(field).not.toHaveAttribute('aria-invalid');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const sent = page.getByRole('status').filter({ hasText: 'Verification Email Sent' });
  await expect(sent).toContainText(email);

  await page.goto(firstLink(await waitForEmail(email)));
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Verify and Sign In' }).click();

  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  await expect(page.getByLabel('University*')).toHaveValue('Technical University of Munich');
  await expect(page.getByText('Suggested from your school email')).toBeVisible();

  accounts.push(await signInStudent(email, PASSWORD));
});
