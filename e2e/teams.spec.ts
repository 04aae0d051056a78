import { expect, test } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';
import { insertRow, ownerWithProject } from './support/table-api';

test('an accepted applicant and the owner chat in their team space until the owner removes them', async ({
  page,
  student,
  newStudent,
  browser,
  capture,
}) => {
  const projectId = await ownerWithProject(student, 'Olive Owner', {
    title: 'Solar Car',
    description: 'Race it.',
  });
  const member = await newStudent();
  const memberContext = await browser.newContext();
  try {
    await createProfile(member, { name: 'Max Member' });
    await insertRow(member, 'applications', {
      project_id: projectId,
      message: 'I would like to join this project!',
    });

    // The owner accepts on the dashboard.
    await openSignedIn(page, student, 'dashboard');
    await page.getByRole('button', { name: 'Accept' }).click();
    await expect(page.getByText('Accepted').first()).toBeVisible();

    // The member finds the team on their dashboard and opens its space.
    const memberPage = await memberContext.newPage();
    await openSignedIn(memberPage, member, 'dashboard');
    await memberPage.getByRole('button', { name: 'Open team space of Solar Car' }).click();
    await expect(memberPage.getByRole('heading', { name: 'Solar Car' })).toBeVisible();
    await expect(memberPage.getByText('No messages yet. Say hello to your team!')).toBeVisible();

    // The owner opens it too, and sees the member online.
    await openSignedIn(page, student, `team&id=${projectId}`);
    const members = page.getByRole('list', { name: 'Team members' });
    await expect(members.getByRole('listitem').filter({ hasText: 'Max Member' })).toContainText(
      'Online',
    );

    // A message arrives live, with the sender's name.
    const composer = page.getByLabel('Message your team');
    await composer.fill('Kick-off at 5?');
    await composer.press('Enter');
    const memberMessages = memberPage.getByRole('list', { name: 'Team messages' });
    await expect(memberMessages).toContainText('Kick-off at 5?');
    await expect(memberMessages).toContainText('Olive Owner');
    await capture('team-space');

    // Away from the space, the member's dashboard counts what they have not read.
    await openSignedIn(memberPage, member, 'dashboard');
    await expect(memberPage.getByTestId('teams-unread')).toHaveText('0 unread');
    await composer.fill('Bring a wrench');
    await composer.press('Enter');
    await expect(page.getByRole('list', { name: 'Team messages' })).toContainText('Bring a wrench');
    await memberPage.reload();
    await expect(memberPage.getByTestId('teams-unread')).toHaveText('1 unread');

    // Back in the space; the owner removes the member, who loses it at once.
    await memberPage.getByRole('button', { name: 'Open team space of Solar Car' }).click();
    await expect(memberMessages).toContainText('Bring a wrench');
    await members.getByRole('button', { name: 'Remove Max Member' }).click();
    const removal = page.getByRole('dialog', { name: 'Remove Max Member from the team?' });
    await removal.getByRole('button', { name: 'Remove' }).click();
    await expect(removal).toBeHidden();
    await expect(members).not.toContainText('Max Member');
    await expect(
      memberPage.getByRole('heading', { name: 'This team space is private' }),
    ).toBeVisible();
  } finally {
    await memberContext.close();
  }
});

test('an owner edits, closes and reopens a project; an applicant withdraws', async ({
  page,
  student,
  newStudent,
  browser,
}) => {
  const projectId = await ownerWithProject(student, 'Olive Owner', {
    title: 'Wind Tunnel',
    description: 'Blow.',
  });
  const applicant = await newStudent();
  const applicantContext = await browser.newContext();
  try {
    await createProfile(applicant, { name: 'Abel Applicant' });
    await insertRow(applicant, 'applications', { project_id: projectId, message: 'Count me in!' });

    await openSignedIn(page, student, 'dashboard');
    const row = page.getByRole('list', { name: 'My teams' }).getByRole('listitem');
    await row.getByRole('button', { name: 'Edit project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit project' });
    await expect(dialog.getByLabel(/Project Title/)).toHaveValue('Wind Tunnel');
    await dialog.getByLabel(/Project Title/).fill('Wind Tunnel v2');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Wind Tunnel v2');

    await row.getByRole('button', { name: 'Close project' }).click();
    const closing = page.getByRole('dialog', { name: 'Close "Wind Tunnel v2"?' });
    await closing.getByRole('button', { name: 'Close project' }).click();
    await expect(closing).toBeHidden();
    await expect(row).toContainText('Closed');
    await row.getByRole('button', { name: 'Reopen project' }).click();
    await expect(row.getByRole('button', { name: 'Close project' })).toBeVisible();

    const applicantPage = await applicantContext.newPage();
    await openSignedIn(applicantPage, applicant, 'dashboard');
    await expect(applicantPage.getByText('Wind Tunnel v2')).toBeVisible();
    await applicantPage.getByRole('button', { name: 'Withdraw' }).click();
    const withdrawal = applicantPage.getByRole('dialog', { name: 'Withdraw your application?' });
    await withdrawal.getByRole('button', { name: 'Withdraw' }).click();
    await expect(
      applicantPage.getByText('You have not applied to any projects yet.'),
    ).toBeVisible();
  } finally {
    await applicantContext.close();
  }
});
