import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { baseUrl, createProfile, openSignedIn, type Student } from './support/students';

// A real 1x1 PNG, so the server's content sniffing accepts it as an image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

async function ownProfile(student: Student) {
  const response = await fetch(
    `${baseUrl()}/api/db/campus/rest/v1/users?user_id=eq.${student.id}`,
    { headers: { authorization: `Bearer ${student.tokens.access_token}` } },
  );
  return ((await response.json()) as Record<string, unknown>[])[0]!;
}

test('a student uploads a picture, edits the profile and finds it saved after a reload', async ({
  page,
  student,
  capture,
}) => {
  const tag = randomUUID().slice(0, 8);
  await createProfile(student, { name: 'Ellie Editor', university: `Edit U ${tag}` });
  await openSignedIn(page, student, 'edit-profile');
  await expect(page.getByRole('heading', { name: 'Edit Profile' })).toBeVisible();

  await page.getByLabel('Profile picture').setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expect.poll(async () => (await ownProfile(student)).profile_picture).toBeTruthy();
  const pictureUrl = String((await ownProfile(student)).profile_picture);
  expect(decodeURIComponent(pictureUrl)).toContain(`profile-pictures/${student.id}/avatar.`);
  const avatar = page.getByRole('main').locator(`img[src="${pictureUrl}"]`);
  await expect(avatar).toBeVisible();
  expect((await fetch(pictureUrl)).status).toBe(200);

  await page.getByLabel('Bio').fill('I like sailing and compilers.');
  await page.getByLabel('Portfolio Link').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Links must start with http:// or https://')).toBeVisible();

  await page.getByLabel('Portfolio Link').fill('https://ellie.example.com');
  await page.getByLabel('Instagram Handle').fill('@ellie.edits');
  await page.getByLabel('LinkedIn URL').fill('https://linkedin.com/in/ellie');
  await page.getByLabel('Preferred Contact Email').fill('ellie@example.com');
  await page.getByRole('button', { name: 'React', exact: true }).click();
  await page.getByLabel('Add to skills').fill('Rust');
  await page.getByLabel('Add to skills').press('Enter');
  await page.getByRole('button', { name: 'Music', exact: true }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated successfully!')).toBeVisible();
  await capture('edit-profile');
  await expect(page.getByText('Profile updated successfully!')).toBeHidden({ timeout: 5000 });

  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue('I like sailing and compilers.');
  await expect(page.getByLabel('Portfolio Link')).toHaveValue('https://ellie.example.com');
  await expect(page.getByLabel('Instagram Handle')).toHaveValue('ellie.edits');
  await expect(page.getByLabel('LinkedIn URL')).toHaveValue('https://linkedin.com/in/ellie');
  await expect(page.getByLabel('Preferred Contact Email')).toHaveValue('ellie@example.com');
  await expect(
    page.getByRole('list', { name: 'Selected skills' }).getByRole('listitem'),
  ).toHaveText(['React', 'Rust']);
  await expect(
    page.getByRole('list', { name: 'Selected interests' }).getByRole('listitem'),
  ).toHaveText(['Music']);
  await expect(page.getByRole('main').locator(`img[src="${pictureUrl}"]`)).toBeVisible();
  const saved = await ownProfile(student);
  expect(JSON.parse(String(saved.skills))).toEqual(['React', 'Rust']);
});
