import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';
import { sendMessage } from './support/table-api';

const messageCard = (page: Page, subject: string) =>
  page.getByRole('list', { name: 'Inbox' }).getByRole('button').filter({ hasText: subject });

test('a student reports a message, blocks its sender, and unblocks them in Settings', async ({
  page,
  student,
  newStudent,
}) => {
  const tag = randomUUID().slice(0, 8);
  const university = `Safe U ${tag}`;
  await createProfile(student, { name: `Rae Reader ${tag}`, university });
  const spammer = await newStudent();
  const classmate = await newStudent();
  const spencer = `Spencer Spam ${tag}`;
  const cleo = `Cleo Classmate ${tag}`;
  await createProfile(spammer, { name: spencer, university });
  await createProfile(classmate, { name: cleo, university });
  await sendMessage(spammer, student, 'Cheap followers', 'Buy 1000 followers today!');

  await openSignedIn(page, student, 'find-collaborators');
  await expect(page.getByRole('article', { name: cleo })).toBeVisible();
  await expect(page.getByRole('article', { name: spencer })).toBeVisible();

  // Within the same tab: the session the page keeps (its refresh token rotates as it is used).
  await page.goto('/?page=messages');
  await messageCard(page, 'Cheap followers').click();
  const detail = page.getByRole('dialog', { name: 'Cheap followers' });
  await detail.getByRole('button', { name: 'Report message Cheap followers' }).click();

  const report = page.getByRole('dialog', { name: 'Report this message' });
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expect(report.getByText('Choose a reason')).toBeVisible();
  await report.getByRole('radio', { name: 'Spam' }).check();
  await report.getByLabel('Details (optional)').fill('Sent to everyone in my class');
  await report.getByRole('button', { name: 'Send Report' }).click();
  await expect(report.getByRole('status')).toContainText('Thanks, we’ll review this report.');
  await report.getByRole('button', { name: 'Close' }).first().click();

  await detail.getByRole('button', { name: `Block ${spencer}` }).click();
  const confirm = page.getByRole('dialog', { name: `Block ${spencer}?` });
  await confirm.getByRole('button', { name: `Block ${spencer}` }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(messageCard(page, 'Cheap followers')).toHaveCount(0);

  // Blocked students vanish from Find Collaborators, and the block is lifted in Settings.
  await page.goto('/?page=find-collaborators');
  await expect(page.getByRole('article', { name: cleo })).toBeVisible();
  await expect(page.getByRole('article', { name: spencer })).toHaveCount(0);

  await page.goto('/?page=settings');
  const blocked = page.getByRole('list', { name: 'Blocked students' });
  await expect(blocked).toContainText(spencer);
  await blocked.getByRole('button', { name: `Unblock ${spencer}` }).click();
  await expect(page.getByText('You haven’t blocked anyone.')).toBeVisible();

  await page.goto('/?page=find-collaborators');
  await expect(page.getByRole('article', { name: spencer })).toBeVisible();
});
