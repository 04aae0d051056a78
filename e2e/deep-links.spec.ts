import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { createProfile, openSignedIn, type Student } from './support/students';
import { tableRequest } from './support/table-api';

const main = (page: Page) => page.getByRole('main');
const heading = (page: Page, name: string) =>
  main(page).getByRole('heading', { level: 1, name, exact: true });

interface Seeded {
  owner: Student;
  university: string;
  arm: Record<string, string>;
  closed: Record<string, string>;
}

/** A classmate of the student with a full profile, an Open project and a Closed one. */
async function seedOwner(student: Student, newStudent: () => Promise<Student>): Promise<Seeded> {
  const tag = randomUUID().slice(0, 8);
  const university = `Link U ${tag}`;
  await createProfile(student, { name: `Lena Linker ${tag}`, university });
  const owner = await newStudent();
  await createProfile(owner, { name: 'Olly Owner', university, city: 'Boston', role: 'Designer' });
  await tableRequest(owner, 'PATCH', `users?user_id=eq.${owner.id}`, {
    bio: 'I design robots that sort recycling.',
    skills: ['Figma', 'Python'],
    interests: ['Sustainability'],
    linkedin_url: 'https://linkedin.com/in/olly',
  });
  const [arm] = await tableRequest<Record<string, string>>(owner, 'POST', 'projects', {
    title: 'Robot Arm',
    description: `A robot arm that sorts recycling.\n\nWe have the frame; we need ${'help '.repeat(60)}`,
    timeline: '2 months',
    skills_needed: ['Coding', 'Design', 'Research', 'Music', 'Video'],
  });
  const [closed] = await tableRequest<Record<string, string>>(owner, 'POST', 'projects', {
    title: 'Old Zine',
    description: 'Finished.',
  });
  await tableRequest(owner, 'PATCH', `projects?id=eq.${closed!.id}`, { status: 'Closed' });
  return { owner, university, arm: arm!, closed: closed! };
}

test('a project card opens its page, which survives reload, Back and Forward', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const { owner, university, arm } = await seedOwner(student, newStudent);
  // My university: the classmate's cards, not same-named ones other journeys post meanwhile.
  await openSignedIn(page, student, 'explore&scope=university');
  await expect(page).toHaveTitle('Explore projects · CampusCollab');
  const card = main(page).getByRole('article', { name: 'Robot Arm' });
  const titleLink = card.getByRole('link', { name: 'Robot Arm' });
  // A real link, so open-in-new-tab and copy-link work.
  await expect(titleLink).toHaveAttribute('href', `/?page=project&id=${arm.id}`);
  await titleLink.click();

  // The full project: whole description, every skill, poster, status, dates.
  await expect(heading(page, 'Robot Arm')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]page=project&id=${arm.id}$`));
  await expect(page).toHaveTitle('Robot Arm · CampusCollab');
  await expect(main(page).getByText('We have the frame')).toBeVisible();
  await expect(
    main(page).getByRole('list', { name: 'Skills needed' }).getByRole('listitem'),
  ).toHaveText(['Coding', 'Design', 'Research', 'Music', 'Video']);
  await expect(main(page).getByText('Open', { exact: true })).toBeVisible();
  await expect(main(page).getByText(/^Posted \w+ \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(main(page).getByText('Timeline: 2 months')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Olly Owner' })).toHaveAttribute(
    'href',
    `/?page=profile&id=${owner.id}`,
  );
  await expect(main(page)).toContainText(university);
  await expect(main(page)).not.toContainText(owner.email);

  await main(page).getByRole('button', { name: 'Apply to Join' }).click();
  await expect(page.getByText('Application submitted successfully!')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Applied' })).toBeDisabled();
  await capture('project-page');

  // A reload stays on the page and reads the application from the server.
  await page.reload();
  await expect(heading(page, 'Robot Arm')).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Applied' })).toBeDisabled();
  await expect(page).toHaveTitle('Robot Arm · CampusCollab');

  await page.goBack();
  await expect(heading(page, 'Explore Projects')).toBeVisible();
  await expect(page).toHaveTitle('Explore projects · CampusCollab');
  await page.goForward();
  await expect(heading(page, 'Robot Arm')).toBeVisible();
  await expect(page).toHaveTitle('Robot Arm · CampusCollab');

  // The poster's name leads to their profile page.
  await main(page).getByRole('link', { name: 'Olly Owner' }).click();
  await expect(heading(page, 'Olly Owner')).toBeVisible();
  await expect(page).toHaveTitle('Olly Owner · CampusCollab');
  await page.goBack();
  await expect(heading(page, 'Robot Arm')).toBeVisible();
});

test('a collaborator card opens the profile page, and Contact writes to them', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const { owner, arm } = await seedOwner(student, newStudent);
  // From a collaborator card to the profile, then Contact.
  await openSignedIn(page, student, 'find-collaborators&scope=university');
  await expect(page).toHaveTitle('Find collaborators · CampusCollab');
  await main(page)
    .getByRole('article', { name: 'Olly Owner' })
    .getByRole('link', { name: 'Olly Owner' })
    .click();
  await expect(heading(page, 'Olly Owner')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]page=profile&id=${owner.id}$`));
  await expect(main(page).getByText('Designer')).toBeVisible();
  await expect(main(page).getByText('Boston')).toBeVisible();
  await expect(main(page).getByText('I design robots that sort recycling.')).toBeVisible();
  await expect(main(page).getByRole('list', { name: 'Skills' }).getByRole('listitem')).toHaveText([
    'Figma',
    'Python',
  ]);
  await expect(main(page).getByRole('list', { name: 'Interests' })).toHaveText('Sustainability');
  await expect(main(page).getByRole('link', { name: 'LinkedIn' })).toHaveAttribute(
    'href',
    'https://linkedin.com/in/olly',
  );
  // Open projects only, each linking to its page.
  const projects = main(page).getByRole('list', { name: 'Open projects of Olly Owner' });
  await expect(projects.getByRole('link')).toHaveText(['Robot Arm']);
  await expect(projects.getByRole('link', { name: 'Robot Arm' })).toHaveAttribute(
    'href',
    `/?page=project&id=${arm.id}`,
  );
  await capture('profile-page');

  await main(page).getByRole('button', { name: 'Contact Olly Owner' }).click();
  const dialog = page.getByRole('dialog', { name: 'Contact Olly Owner' });
  await dialog.getByLabel('Subject').fill('Robot Arm');
  await dialog.getByLabel('Message').fill('I can help with the arm.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(dialog.getByText('Message Sent!')).toBeVisible();
  const inbox = await tableRequest(owner, 'GET', `messages?recipient_id=eq.${owner.id}`);
  expect(inbox).toEqual([expect.objectContaining({ sender_id: student.id, subject: 'Robot Arm' })]);
});

test("someone else's closed project, an unknown id and a missing id read as not found", async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const { closed } = await seedOwner(student, newStudent);
  await openSignedIn(page, student, 'explore');
  await expect(heading(page, 'Explore Projects')).toBeVisible();
  // Someone else's closed project, an unknown id and a missing id all read as not found.
  for (const address of [
    `/?page=project&id=${closed.id}`,
    '/?page=project&id=project_nope',
    '/?page=project',
  ]) {
    await page.goto(address);
    await expect(heading(page, 'Project not found'), address).toBeVisible();
    await expect(
      main(page).getByText("This project doesn't exist or is no longer available."),
    ).toBeVisible();
    await expect(page).toHaveTitle('Project not found · CampusCollab');
  }
  await capture('project-not-found');
  await main(page).getByRole('link', { name: 'Back to Explore' }).click();
  await expect(heading(page, 'Explore Projects')).toBeVisible();

  await page.goto(`/?page=profile&id=${'x'.repeat(20)}`);
  await expect(heading(page, 'Profile not found')).toBeVisible();
  await expect(page).toHaveTitle('Profile not found · CampusCollab');
  await main(page).getByRole('link', { name: 'Back to Find Collaborators' }).click();
  await expect(heading(page, 'Find Collaborators')).toBeVisible();
});

test('the owner sees their own closed project; a signed-out visitor signs in and returns to it', async ({
  page,
  student,
}) => {
  await createProfile(student, { name: 'Cora Closer' });
  const [project] = await tableRequest(student, 'POST', 'projects', {
    title: 'Finished Mural',
    description: 'Painted.',
  });
  await tableRequest(student, 'PATCH', `projects?id=eq.${project!.id}`, { status: 'Closed' });

  await page.goto(`/?page=project&id=${project!.id}`);
  await expect(page).toHaveURL(/[?&]page=auth(&|$)/);
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible();
  await expect(page).toHaveTitle('Sign up · CampusCollab');

  // Signing in from there returns to the link that was opened, not to the dashboard.
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email', { exact: true }).fill(student.email);
  await page.getByLabel('Password', { exact: true }).fill(student.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]page=project&id=${project!.id}`));
  await expect(heading(page, 'Finished Mural')).toBeVisible();

  await openSignedIn(page, student, `project&id=${project!.id}`);
  await expect(heading(page, 'Finished Mural')).toBeVisible();
  await expect(main(page).getByText('Closed', { exact: true })).toBeVisible();
  await expect(main(page).getByRole('button', { name: 'Your Project' })).toBeDisabled();

  // One's own profile offers Edit Profile instead of Contact.
  await openSignedIn(page, student, `profile&id=${student.id}`);
  await expect(heading(page, 'Cora Closer')).toBeVisible();
  await expect(main(page).getByRole('link', { name: 'Edit Profile' })).toBeVisible();
  await expect(main(page).getByRole('button', { name: /Contact/ })).toHaveCount(0);
  await expect(main(page).getByText('Cora Closer has no open projects right now.')).toBeVisible();
});
