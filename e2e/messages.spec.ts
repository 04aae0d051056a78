import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';
import { sendMessage } from './support/table-api';

const inbox = (page: Page) => page.getByRole('list', { name: 'Inbox' });
const messageCard = (page: Page, subject: string) =>
  inbox(page).getByRole('button').filter({ hasText: subject });

test('a student reads, answers and deletes messages; new ones arrive live', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const tag = randomUUID().slice(0, 8);
  await createProfile(student, { name: `Rita Recipient ${tag}`, university: `Msg U ${tag}` });
  const sam = await newStudent();
  await createProfile(sam, { name: 'Sam Sender', university: `Msg U ${tag}` });
  await sendMessage(sam, student, 'Hackathon team', 'Join our hackathon team this weekend?');
  await sendMessage(sam, student, 'Study group', 'We meet on Tuesdays in the library. '.repeat(8));

  await openSignedIn(page, student, 'messages');
  await expect(page.getByText('Messaging is optional.')).toBeVisible();
  await expect(page.getByText('2 unread messages')).toBeVisible();
  await expect(page.getByText('2 total messages')).toBeVisible();
  await expect(inbox(page).getByText('New', { exact: true })).toHaveCount(2);
  await expect(messageCard(page, 'Study group')).toContainText('Sam Sender');
  await capture('messages');

  await messageCard(page, 'Hackathon team').click();
  const detail = page.getByRole('dialog', { name: 'Hackathon team' });
  await expect(detail.getByText('Join our hackathon team this weekend?')).toBeVisible();
  await expect(page.getByText('1 unread message', { exact: true })).toBeVisible();

  await detail.getByRole('button', { name: 'Reply' }).click();
  const reply = page.getByRole('dialog', { name: 'Contact Sam Sender' });
  await expect(reply.getByLabel('Subject')).toHaveValue('Re: Hackathon team');
  await reply.getByRole('button', { name: 'Cancel' }).click();

  await messageCard(page, 'Study group').click();
  await expect(page.getByText('All caught up!')).toBeVisible();
  await page
    .getByRole('dialog', { name: 'Study group' })
    .getByRole('button', { name: 'Delete' })
    .click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await expect(messageCard(page, 'Study group')).toHaveCount(0);
  await expect(page.getByText('1 total message', { exact: true })).toBeVisible();

  // The server publishes message.created on the recipient's channel; the page and badge follow.
  await sendMessage(sam, student, 'Live one', 'Did this arrive without a reload?');
  await expect(messageCard(page, 'Live one')).toBeVisible();
  await expect(page.getByText('1 unread message', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: /Messages/ }),
  ).toContainText('1');

  await page.getByRole('tab', { name: 'Sent' }).click();
  await expect(page.getByRole('heading', { name: 'No sent messages yet' })).toBeVisible();
});
