import { expect, test } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';

// A browser set to German: dates and numbers follow it, the product's words stay English
// (docs/product.md §2.18).
test.use({ locale: 'de-DE', timezoneId: 'Europe/Berlin' });

test('a German browser shows dates and numbers the German way', async ({ page, student }) => {
  const profile = await createProfile(student, { name: 'Greta German' });
  const joined = new Date(String(profile.created_at));

  await openSignedIn(page, student, 'settings');
  const memberSince = page.getByRole('main').getByText('Member Since').locator('xpath=..');
  // Day, full month name, year: "22. November 2026", never "November 22, 2026".
  const german = new Intl.DateTimeFormat('de-DE', {
    dateStyle: 'long',
    timeZone: 'Europe/Berlin',
  }).format(joined);
  await expect(memberSince).toContainText(german);
  expect(german).toMatch(/^\d{1,2}\. \p{L}+ \d{4}$/u);
  await expect(memberSince).not.toContainText(/\p{L}+ \d{1,2}, \d{4}/u);

  // The description's limit, grouped with a full stop.
  await openSignedIn(page, student, 'post-project');
  await expect(page.getByRole('main').getByText('0/5.000')).toBeVisible();
});
