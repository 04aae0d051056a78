import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';

test('a student posts a project with validation, skill chips and a success toast', async ({
  page,
  student,
  capture,
}) => {
  await createProfile(student, { name: 'Paula Poster', university: `Post U ${randomUUID()}` });
  await openSignedIn(page, student, 'post-project');

  await expect(page.getByRole('heading', { name: 'Post a Project' })).toBeVisible();
  const main = page.getByRole('main');
  const submit = main.getByRole('button', { name: 'Post Project', exact: true });
  const title = page.getByLabel('Project Title*');
  const description = page.getByLabel('Project Description*');

  // Cancel returns to the dashboard.
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome back, Paula Poster!' })).toBeVisible();
  await page.goBack();

  // Submit stays disabled until both required fields have text.
  await expect(submit).toBeDisabled();
  await title.fill('Solar Bench');
  await expect(submit).toBeDisabled();
  await description.fill('   ');
  await expect(submit).toBeEnabled();
  // Blank after trimming is refused with the message of docs/product.md §5.6.
  await submit.click();
  await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');

  await description.fill('  A bench that charges phones with solar panels.  ');
  await page.getByLabel('Timeline').fill('1 month');
  await expect(page.getByLabel('Timeline')).toHaveAttribute('placeholder', /e\.g\., 2 weeks/);

  // Chips: Enter and the plus button add; a duplicate is refused.
  const skillInput = page.getByLabel('Add to skills needed');
  await skillInput.fill('Soldering');
  await skillInput.press('Enter');
  await skillInput.fill('CAD');
  await page.getByRole('button', { name: 'Add CAD to skills needed' }).click();
  await skillInput.fill('Soldering');
  await expect(page.getByRole('button', { name: 'Add Soldering to skills needed' })).toBeDisabled();
  await skillInput.press('Enter');
  await expect(page.getByRole('button', { name: 'Remove Soldering' })).toHaveCount(1);
  await main.getByRole('button', { name: 'Design', exact: true }).click();
  const chips = page.getByRole('list', { name: 'Selected skills needed' }).getByRole('listitem');
  await expect(chips).toHaveText(['Soldering', 'CAD', 'Design']);
  await expect(page.getByText('Tips for a great project post')).toBeVisible();
  await capture('post-project');

  await submit.click();
  await expect(page.getByText('Project posted successfully!')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome back, Paula Poster!' })).toBeVisible();
  await expect(page.getByText('1 Active Projects')).toBeVisible();

  // Stored trimmed, with the chips as the skill list.
  const response = await fetch(
    `${process.env.E2E_BASE_URL}/api/db/campus/rest/v1/projects?posted_by_id=eq.${student.id}`,
    { headers: { authorization: `Bearer ${student.tokens.access_token}` } },
  );
  const [project] = (await response.json()) as Record<string, string>[];
  expect(project).toMatchObject({
    title: 'Solar Bench',
    description: 'A bench that charges phones with solar panels.',
    timeline: '1 month',
    status: 'Open',
  });
  expect(JSON.parse(project!.skills_needed!)).toEqual(['Soldering', 'CAD', 'Design']);
});
