import { test, expect } from './support/fixtures';

const PROTECTED_PAGES = [
  'dashboard',
  'explore',
  'post-project',
  'find-collaborators',
  'leaderboard',
  'messages',
  'edit-profile',
  'settings',
];

test('signed-out visitors of protected pages are sent to auth', async ({ page, capture }) => {
  for (const name of PROTECTED_PAGES) {
    await page.goto(`/?page=${name}`);
    await expect(page, `?page=${name}`).toHaveURL(/[?&]page=auth(&|$)/);
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  }
  await capture('protected-page-redirect');
});

test('Back and Forward move between pages, and a reload stays on the page', async ({
  page,
  capture,
}) => {
  const landingHeading = page.getByRole('heading', { name: 'Build Something Together' });
  const signUpTab = page.getByRole('tab', { name: 'Sign Up' });

  await page.goto('/');
  await expect(landingHeading).toBeVisible();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page).toHaveURL(/[?&]page=auth/);
  await expect(signUpTab).toBeVisible();

  await page.goBack();
  await expect(landingHeading).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/[?&]page=auth/);
  await expect(signUpTab).toBeVisible();

  // The chosen tab is in the address too, so a reload keeps it.
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/[?&]tab=signin/);
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');
  await capture('navigation-auth-after-reload');

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(landingHeading).toBeVisible();
  await expect(page).not.toHaveURL(/page=/);
});
