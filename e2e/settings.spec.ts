import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { baseUrl, createProfile, openSignedIn } from './support/students';

test('a student changes notifications, then deletes the account for good', async ({
  page,
  student,
  capture,
}) => {
  const tag = randomUUID().slice(0, 8);
  const university = `Settings U ${tag}`;
  await createProfile(student, { name: 'Sid Settings', university });
  await openSignedIn(page, student, 'settings');

  await expect(page.getByRole('heading', { name: 'Account Information' })).toBeVisible();
  await expect(page.getByText(student.email)).toBeVisible();
  await expect(page.getByText('Sid Settings')).toBeVisible();
  await expect(page.getByText(university)).toBeVisible();
  const today = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  }).format(new Date());
  await expect(page.getByText(today)).toBeVisible();

  const email = page.getByRole('switch', { name: 'Email Notifications' });
  const project = page.getByRole('switch', { name: 'Project Notifications' });
  await expect(email).toBeChecked();
  await expect(project).toBeChecked();
  await email.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByText('Settings saved successfully!')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Project Notifications' })).toBeChecked();

  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const confirm = page.getByRole('dialog', { name: 'Are you absolutely sure?' });
  await expect(confirm.getByText('Your referral progress and leaderboard ranking')).toBeVisible();
  await capture('settings');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();

  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await page.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page.getByRole('heading', { name: 'Build Something Together' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('page') ?? 'landing').toBe('landing');

  const signIn = await fetch(`${baseUrl()}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: student.email, password: student.password }),
  });
  expect(signIn.status).toBe(400);
});
