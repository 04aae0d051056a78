import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';

test('the leaderboard ranks the campus by referrals and marks the student', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const tag = randomUUID().slice(0, 8);
  const university = `Board U ${tag}`;
  // The student joins first, so among equal counts they rank ahead.
  await createProfile(student, { name: 'Lena Leader', university });
  const alice = await createProfile(await newStudent(), { name: 'Alice Ace', university });
  const bruno = await createProfile(await newStudent(), { name: 'Bruno Bee', university });
  // Referrers at another campus: Alice gets 2 referrals, Bruno 1; the board of this campus
  // stays Alice, Bruno, Lena.
  for (const code of [alice.referral_code, alice.referral_code, bruno.referral_code]) {
    await createProfile(await newStudent(), {
      name: 'Friend',
      university: `Elsewhere ${tag}`,
      referred_by: code as string,
    });
  }

  await openSignedIn(page, student, 'leaderboard');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Referral Leaderboard' })).toBeVisible();
  await expect(main.getByText(`Top referrers at ${university}`)).toBeVisible();
  await expect(page.getByTestId('your-rank')).toHaveText('#3');

  const top = main.getByRole('region', { name: 'Top 3' }).getByRole('listitem');
  await expect(top).toHaveCount(3);
  await expect(top.nth(0)).toContainText('Alice Ace');
  await expect(top.nth(0)).toContainText('2 referrals');
  await expect(top.nth(1)).toContainText('Bruno Bee');
  await expect(top.nth(1)).toContainText('1 referral');
  await expect(top.nth(2)).toContainText('Lena Leader (You)');

  const rows = main.getByRole('list', { name: 'Full leaderboard' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: '(You)' })).toHaveCount(1);
  await expect(rows.nth(2)).toContainText('#3');
  await expect(rows.nth(2)).toContainText('Lena Leader (You)');
  await expect(main.getByRole('button', { name: 'Copy Code' })).toBeVisible();
  await capture('leaderboard');
});
