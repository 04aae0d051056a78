import { test, expect, type Page } from './support/fixtures';
import { baseUrl, createProfile, openSignedIn, type Student } from './support/students';

interface ProfileRow {
  name: string;
  university: string;
  city: string | null;
  role: string;
  referral_code: string;
  referred_by: string | null;
  referral_count: number;
}

/** The student's own profile row, read through the table API with their token. */
async function readOwnProfile(student: Student): Promise<ProfileRow | undefined> {
  const response = await fetch(
    `${baseUrl()}/api/db/campus/rest/v1/users?user_id=eq.${encodeURIComponent(student.id)}`,
    { headers: { authorization: `Bearer ${student.tokens.access_token}` } },
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as ProfileRow[])[0];
}

async function completeProfile(
  page: Page,
  fields: { name: string; city?: string; role: string; referralCode?: string },
  beforeSubmit?: () => Promise<void>,
) {
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();
  // newSchoolEmail() addresses are @mit.edu: the server names the school from the swot dataset.
  await expect(page.getByLabel('University*')).toHaveValue('Massachusetts Institute of Technology');
  await page.getByLabel('Full Name*').fill(fields.name);
  if (fields.city) await page.getByLabel('City (optional)').fill(fields.city);
  await page.getByRole('combobox', { name: 'Role*' }).click();
  await page.getByRole('option', { name: fields.role }).click();
  if (fields.referralCode)
    await page.getByLabel('Referral Code (optional)').fill(fields.referralCode);
  await beforeSubmit?.();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Profile Setup Complete!' })).toBeVisible();
}

test('completing the profile without a referral code', async ({ page, student, capture }) => {
  await openSignedIn(page, student, 'auth');
  await expect(page.getByRole('heading', { name: 'Complete Your Profile' })).toBeVisible();

  // Required fields first: nothing is saved until name and role are given.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Role is required')).toBeVisible();
  expect(await readOwnProfile(student)).toBeUndefined();

  await completeProfile(page, { name: 'Ada Lovelace', city: 'Cambridge', role: 'Developer' });
  await expect(page).toHaveURL(/[?&]page=complete-profile/);
  await capture('complete-profile-done');

  const profile = await readOwnProfile(student);
  expect(profile).toMatchObject({
    name: 'Ada Lovelace',
    university: 'Massachusetts Institute of Technology',
    city: 'Cambridge',
    role: 'Developer',
    referred_by: null,
    referral_count: 0,
  });
  expect(profile?.referral_code).toMatch(/^adalo\d{3}$/);

  await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await expect(page).toHaveURL(/[?&]page=dashboard/);
});

test('completing the profile with a referral code credits the referrer once', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const referrer = await newStudent();
  const created = await createProfile(referrer, { name: 'Grace Hopper' });
  const code = created.referral_code as string;
  const before = (await readOwnProfile(referrer))!.referral_count;

  await openSignedIn(page, student, 'auth');
  await completeProfile(page, { name: 'Alan Turing', role: 'Researcher', referralCode: code }, () =>
    capture('complete-profile-referred'),
  );

  expect((await readOwnProfile(referrer))!.referral_count).toBe(before + 1);
  expect((await readOwnProfile(student))!.referred_by).toBe(code);

  // Back on auth with a profile: straight on to the dashboard, no second profile or credit.
  await page.goto('/?page=auth');
  await expect(page).toHaveURL(/[?&]page=dashboard/);
  expect((await readOwnProfile(referrer))!.referral_count).toBe(before + 1);
});
