import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { waitForEmail } from './support/mailbox';
import { createProfile, openSignedIn } from './support/students';
import { tableRequest } from './support/table-api';

const list = (page: Page) => page.getByRole('list', { name: 'Collaborators' });
const card = (page: Page, name: string) => page.getByRole('article', { name });

test('a student finds classmates, filters them and sends one a message', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const tag = randomUUID().slice(0, 8);
  const university = `Collab U ${tag}`;
  const city = `Collab City ${tag}`;
  await createProfile(student, { name: `Vera Viewer ${tag}`, university, city });
  const alice = await newStudent();
  const bob = await newStudent();
  const nina = await newStudent();
  await createProfile(alice, { name: 'Alice Robotics', university, role: 'Developer' });
  await tableRequest(alice, 'PATCH', `users?user_id=eq.${alice.id}`, {
    skills: ['Rust', 'Python'],
    bio: 'I build robots.',
    instagram_handle: 'alice.bots',
    linkedin_url: 'https://linkedin.com/in/alice',
  });
  await createProfile(bob, { name: 'Bob Sketch', university, role: 'Designer' });
  // Named with the tag: under All, other journeys' students share the list.
  const ninaName = `Nina Nearby ${tag}`;
  await createProfile(nina, { name: ninaName, university: `Other U ${tag}`, city });

  await openSignedIn(page, student, 'find-collaborators');
  const scope = page.getByRole('group', { name: 'Universities' });
  // Everyone by default: a student of another university is listed too.
  await expect(card(page, ninaName)).toBeVisible();
  await expect(page.getByText('Connect with talented students from every campus.')).toBeVisible();
  await scope.getByRole('button', { name: 'My university' }).click();
  await expect(scope.getByRole('button', { name: 'My university' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card(page, 'Alice Robotics')).toBeVisible();
  await expect(card(page, 'Bob Sketch')).toBeVisible();
  // Not me, and not a student of another university under "My university".
  await expect(list(page).getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article', { name: `Vera Viewer ${tag}` })).toHaveCount(0);
  await expect(
    card(page, 'Alice Robotics').getByRole('link', { name: 'Instagram' }),
  ).toHaveAttribute('href', 'https://ig.me/m/alice.bots');

  const search = page.getByRole('searchbox', { name: 'Search by name, skills or bio' });
  await search.fill('rust');
  await expect(list(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Alice Robotics')).toBeVisible();
  await search.fill('bob');
  await expect(list(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Bob Sketch')).toBeVisible();
  await search.fill('nobody-like-this');
  await expect(page.getByRole('heading', { name: 'No collaborators found' })).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');
  // Clearing also goes back to everyone; narrow to the campus again.
  await expect(scope.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await scope.getByRole('button', { name: 'My university' }).click();

  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'Designer', exact: true }).click();
  await expect(list(page).getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Bob Sketch')).toBeVisible();
  await page.getByRole('combobox', { name: 'Role' }).click();
  await page.getByRole('option', { name: 'All Roles' }).click();

  await scope.getByRole('button', { name: 'Nearby' }).click();
  await expect(card(page, ninaName)).toBeVisible();
  await expect(list(page).getByRole('article')).toHaveCount(3);

  await card(page, 'Alice Robotics')
    .getByRole('button', { name: 'Contact Alice Robotics' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Contact Alice Robotics' });
  await dialog.getByLabel('Subject').fill('x'.repeat(150));
  await expect(dialog.getByLabel('Subject')).toHaveValue('x'.repeat(100));
  await dialog.getByLabel('Subject').fill('Robot club');
  await dialog.getByLabel('Message').fill('Want to build a robot together?');
  await expect(dialog.getByText('31/500')).toBeVisible();
  await capture('find-collaborators');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Message Sent!')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });

  const inbox = await tableRequest(alice, 'GET', `messages?recipient_id=eq.${alice.id}`);
  expect(inbox).toEqual([
    expect.objectContaining({
      sender_id: student.id,
      subject: 'Robot club',
      message: 'Want to build a robot together?',
      read_status: 0,
    }),
  ]);
  // The first email was the verification link; the second tells Alice about the message.
  const email = await waitForEmail(alice.email, 2);
  expect(`${email.subject}\n${email.text}`).toContain('Robot club');
});
