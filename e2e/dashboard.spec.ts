import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { baseUrl, createProfile, openSignedIn, type Student } from './support/students';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function postProject(owner: Student, title: string) {
  const response = await fetch(`${baseUrl()}/api/db/campus/rest/v1/projects`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.tokens.access_token}`,
    },
    body: JSON.stringify({ title, description: `${title}: looking for teammates.` }),
  });
  expect(response.status).toBe(201);
}

test('the dashboard greets the student and shows real counts, rank and the code', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const university = `Dash U ${randomUUID()}`;
  const profile = await createProfile(student, { name: 'Dana Dash', university });
  const other = await newStudent();
  await createProfile(other, { name: 'Olly Other', university });
  await postProject(other, 'Campus Radio');

  await openSignedIn(page, student, 'dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome back, Dana Dash!' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByText('0 Active Projects')).toBeVisible();
  await expect(main.getByText('0 Pending Applications')).toBeVisible();
  // Both have no referrals; the earlier profile ranks first.
  await expect(page.getByTestId('total-referrals')).toHaveText('0');
  await expect(page.getByTestId('campus-rank')).toHaveText('#1');
  await expect(main.getByText(profile.referral_code as string)).toBeVisible();
  await expect(main.getByText(`Invite friends from ${university}`)).toBeVisible();
  await expect(main.getByText(/every referral gets you closer to \$500/)).toBeVisible();

  // Copy Code: 'Copied!' for 2 seconds, and the code is on the clipboard.
  await main.getByRole('button', { name: 'Copy Code' }).click();
  await expect(main.getByRole('button', { name: 'Copied!' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(profile.referral_code);
  await expect(main.getByRole('button', { name: 'Copy Code' })).toBeVisible({ timeout: 4000 });

  // Posting a project raises the active count.
  await main.getByRole('button', { name: 'Create Project' }).click();
  await page.getByLabel('Project Title*').fill('Night Market App');
  await page.getByLabel('Project Description*').fill('Map the night market stalls.');
  await main.getByRole('button', { name: 'Post Project', exact: true }).click();
  await expect(main.getByText('1 Active Projects')).toBeVisible();

  // Applying raises the pending count.
  await main.getByRole('button', { name: 'Explore Projects' }).first().click();
  const card = main.getByRole('article', { name: 'Campus Radio' });
  await card.getByRole('button', { name: 'Apply to Join' }).click();
  await expect(page.getByText('Application submitted successfully!')).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Dashboard' })
    .click();
  await expect(main.getByText('1 Pending Applications')).toBeVisible();
  await expect(main.getByRole('listitem').filter({ hasText: 'Campus Radio' })).toContainText(
    'Pending',
  );
  await capture('dashboard');
});
