import { randomUUID } from 'node:crypto';
import { expect, test } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';
import { insertRow, sendMessage, tableRequest } from './support/table-api';

/** One unbroken word of `length` letters, as a pasted address or a run of keys would be. */
const word = (stem: string, length: number) => (stem + 'x'.repeat(length)).slice(0, length);
const ADDRESS = `https://example.edu/${'very-long-path-segment'.repeat(12)}`;

/**
 * Whatever a student types, as long as the rules allow and without a space to break at, every page
 * that shows it still fits a phone: `capture` fails a page that scrolls sideways at 375 or 320 px.
 */
test('long unbroken words and addresses fit every page on a phone', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const university = word(`Institute${randomUUID().slice(0, 8)}`, 150);
  const name = word('Maximiliana', 100);
  await createProfile(student, { name: 'Olive Owner', university });
  const poster = await newStudent();
  await createProfile(poster, { name, university, city: word('Llanfair', 100) });
  await tableRequest(poster, 'PATCH', `users?user_id=eq.${poster.id}`, {
    bio: `${ADDRESS} ${word('Pneumono', 400)}`,
    skills: [word('Typescript', 50), word('Design', 50)],
    interests: [word('Robotics', 50)],
    portfolio_link: ADDRESS,
  });
  const title = word('Quadrocopter', 120);
  const projectId = `p_${randomUUID().slice(0, 8)}`;
  await insertRow(poster, 'projects', {
    id: projectId,
    title,
    description: `${ADDRESS}\n${word('Description', 2000)}`,
    timeline: word('Semester', 100),
    skills_needed: [word('Soldering', 50)],
  });
  // The poster applies to the student's project, and writes to them.
  const ownId = `p_${randomUUID().slice(0, 8)}`;
  await insertRow(student, 'projects', { id: ownId, title: 'Solar Car', description: 'Race it.' });
  await insertRow(poster, 'applications', { project_id: ownId, message: word('Hire', 500) });
  await sendMessage(poster, student, word('Subject', 100), word('Body', 500));

  // Their campus only: journeys running beside this one post projects and students too.
  await openSignedIn(page, student, 'explore&scope=university');
  await expect(page.getByRole('article').filter({ hasText: title.slice(0, 20) })).toBeVisible();
  await capture('long-words-explore', { accessibility: false });

  await page.goto(`/?page=project&id=${projectId}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(title.slice(0, 20));
  await capture('long-words-project', { accessibility: false });

  await page.goto(`/?page=profile&id=${poster.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name.slice(0, 20));
  await capture('long-words-profile', { accessibility: false });

  await page.goto('/?page=find-collaborators&scope=university');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await capture('long-words-collaborators', { accessibility: false });

  const subject = word('Subject', 100);
  await page.goto('/?page=messages');
  await page.getByRole('button', { name: new RegExp(subject) }).click();
  await expect(page.getByRole('dialog', { name: subject })).toContainText(word('Body', 500));
  await capture('long-words-message', { accessibility: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByRole('dialog', { name: `Contact ${name}` })).toBeVisible();
  await capture('long-words-reply', { accessibility: false });
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

  await page.goto('/?page=dashboard');
  await expect(page.getByRole('group', { name: `${name} applied to Solar Car` })).toBeVisible();
  await capture('long-words-dashboard', { accessibility: false });
  await page.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Accepted').first()).toBeVisible();

  await page.goto('/?page=leaderboard');
  await expect(page.getByText(name.slice(0, 20)).first()).toBeVisible();
  await capture('long-words-leaderboard', { accessibility: false });

  // The poster, accepted on the dashboard, is on the team; the owner writes without a space.
  await page.goto(`/?page=team&id=${ownId}`);
  const chatLine = word('Chat', 2000);
  await page.getByLabel('Message your team').fill(chatLine);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('list', { name: 'Team messages' })).toContainText(chatLine);
  await capture('long-words-team');
});
