import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { IMPROVED_DESCRIPTION, SUGGESTED_SKILLS } from './support/fake-ai-answers';
import { IMPORTED_PAGE } from './support/page-server';
import { createProfile, openSignedIn, type Student } from './support/students';

// The server runs with a fake AI provider and may import one local page (support/global-setup.ts).
// Without AI the helpers are absent: that is a component test (post-project-assist.test.tsx), as
// a second server for one check would cost more than it shows.

async function openPostProject(page: Page, student: Student) {
  await createProfile(student, { name: 'Ines Importer', university: `AI U ${randomUUID()}` });
  await openSignedIn(page, student, 'post-project');
  await expect(page.getByRole('heading', { name: 'Post a Project' })).toBeVisible();
}

const descriptionOf = (page: Page) => page.getByLabel('Project Description*');

test('Import from a link fills the description and title, and the project posts', async ({
  page,
  student,
}) => {
  await openPostProject(page, student);
  await page.getByRole('button', { name: 'Import from a link' }).click();
  const link = page.getByLabel('Link to import');

  // A private address is refused, in words.
  await link.fill('http://10.0.0.1/internal');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByText("That link can't be imported.")).toBeVisible();

  await link.fill(process.env.E2E_PAGE_URL!);
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(descriptionOf(page)).toHaveValue(new RegExp(IMPORTED_PAGE.text));
  await expect(page.getByLabel('Project Title*')).toHaveValue(IMPORTED_PAGE.title);
  await expect(link).toBeHidden();

  await page.getByRole('main').getByRole('button', { name: 'Post Project', exact: true }).click();
  await expect(page.getByText('Project posted successfully!')).toBeVisible();
  const response = await fetch(
    `${process.env.E2E_BASE_URL}/api/db/campus/rest/v1/projects?posted_by_id=eq.${student.id}`,
    { headers: { authorization: `Bearer ${student.tokens.access_token}` } },
  );
  const [project] = (await response.json()) as Record<string, string>[];
  expect(project!.title).toBe(IMPORTED_PAGE.title);
  expect(project!.description).toContain(IMPORTED_PAGE.text);
});

test('Suggest skills shows chips that add to Skills Needed', async ({ page, student }) => {
  await openPostProject(page, student);
  const suggest = page.getByRole('button', { name: 'Suggest skills' });
  await expect(suggest).toBeDisabled();
  await page.getByLabel('Project Title*').fill('Solar Bench');
  await descriptionOf(page).fill('A bench that charges phones with solar panels.');
  await suggest.click();
  const chip = page.getByRole('button', { name: SUGGESTED_SKILLS[0], exact: true });
  await expect(chip).toHaveAttribute('aria-pressed', 'false');
  await chip.click();
  await expect(chip).toHaveAttribute('aria-pressed', 'true');
  await expect(
    page.getByRole('list', { name: 'Selected skills needed' }).getByRole('listitem'),
  ).toHaveText([SUGGESTED_SKILLS[0]!]);
});

test('Improve description streams into the field; Cancel and Undo put the original back', async ({
  page,
  student,
  capture,
}) => {
  await openPostProject(page, student);
  const original = 'solar bench, charges phones, need help with circuit and website';
  const description = descriptionOf(page);
  await description.fill(original);

  await page.getByRole('button', { name: 'Improve description' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Improving...' })).toBeVisible();
  // The text arrives a word at a time: once some is there, more follows while it is read-only.
  await expect(description).toHaveValue(/^Solar Bench/);
  await expect(description).toHaveAttribute('readonly', '');
  const firstLength = (await description.inputValue()).length;
  await expect
    .poll(async () => (await description.inputValue()).length)
    .toBeGreaterThan(firstLength);
  // A moment in passing: the stream ends on its own while axe would look (see the fixture).
  await capture('post-project-improving', { accessibility: false });
  await page.getByRole('button', { name: 'Cancel improving' }).click();
  await expect(description).toHaveValue(original);
  await expect(description).not.toHaveAttribute('readonly', '');

  // Left to finish, the whole text stays, and Undo brings the student's own words back.
  await page.getByRole('button', { name: 'Improve description' }).click();
  await expect(description).toHaveValue(IMPROVED_DESCRIPTION, { timeout: 30_000 });
  await expect(page.getByText('Description improved.')).toBeVisible();
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(description).toHaveValue(original);
});
