import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { baseUrl, createProfile, openSignedIn, type Student } from './support/students';

async function insert(student: Student, table: string, row: Record<string, unknown>) {
  const response = await fetch(`${baseUrl()}/api/db/campus/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${student.tokens.access_token}`,
      prefer: 'return=representation',
    },
    body: JSON.stringify(row),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as Record<string, string>[])[0]!;
}

const card = (page: Page, title: string) =>
  page.getByRole('main').getByRole('article', { name: title });

async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a student searches, filters and applies; the owner accepts on the dashboard', async ({
  page,
  browser,
  student,
  newStudent,
  capture,
}) => {
  // Three scopes, search, skills, applying and the owner's dashboard: more than the default budget.
  test.slow();
  const tag = randomUUID().slice(0, 8);
  const university = `Explore U ${tag}`;
  await createProfile(student, { name: 'Ada Applicant', university, city: `City ${tag}` });
  const owner = await newStudent();
  const neighbour = await newStudent();
  await createProfile(owner, { name: 'Olly Owner', university });
  await createProfile(neighbour, {
    name: 'Nina Nearby',
    university: `Nearby U ${tag}`,
    city: `City ${tag}`,
  });
  await insert(owner, 'projects', {
    title: 'Robot Arm',
    description: 'A robot arm that sorts recycling.',
    timeline: '2 months',
    skills_needed: ['Coding', 'Design', 'Research', 'Music'],
  });
  const zine = await insert(owner, 'projects', {
    title: 'Poetry Zine',
    description: 'A campus zine of student poems.',
    skills_needed: ['Writing'],
  });
  await insert(neighbour, 'projects', { title: 'Nearby Hackathon', description: 'Weekend.' });
  await insert(student, 'projects', { title: 'My Garden', description: 'Rooftop garden.' });

  await openSignedIn(page, student, 'explore');
  const main = page.getByRole('main');
  const scope = main.getByRole('group', { name: 'Universities' });
  // Everyone's projects by default: the neighbour's campus is listed too.
  await expect(scope.getByRole('button', { name: 'All', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card(page, 'Nearby Hackathon')).toBeVisible();
  await scope.getByRole('button', { name: 'My university' }).click();
  await expect(page).toHaveURL(/scope=university/);
  await expect(card(page, 'Nearby Hackathon')).toHaveCount(0);
  await expect(card(page, 'Robot Arm')).toBeVisible();
  await expect(card(page, 'Robot Arm')).toContainText('+1 more');
  await expect(card(page, 'Robot Arm')).toContainText('Timeline: 2 months');
  // The poster by profile name: another student's login email is never shown.
  await expect(card(page, 'Robot Arm')).toContainText('Olly Owner');
  await expect(card(page, 'Robot Arm')).not.toContainText(owner.email);
  await expect(main.getByRole('article')).toHaveCount(3);

  // Nearby adds the same city.
  await scope.getByRole('button', { name: 'Nearby' }).click();
  await expect(page).toHaveURL(/scope=nearby/);
  await expect(card(page, 'Nearby Hackathon')).toBeVisible();
  await scope.getByRole('button', { name: 'My university' }).click();
  await expect(card(page, 'Nearby Hackathon')).toHaveCount(0);

  // Search narrows on the server.
  await main.getByLabel('Search projects').fill('recycling');
  await expect(main.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Robot Arm')).toBeVisible();
  await main.getByLabel('Search projects').fill('no-such-project-anywhere');
  await expect(main.getByText('No projects found')).toBeVisible();
  await expect(main.getByRole('button', { name: 'Post Your Own Project' })).toBeVisible();
  await main.getByLabel('Search projects').fill('');

  // Skill filter.
  await choose(page, 'Filter by skill', 'Writing');
  await expect(main.getByRole('article')).toHaveCount(1);
  await expect(card(page, 'Poetry Zine')).toBeVisible();
  await choose(page, 'Filter by skill', 'All Skills');
  await expect(main.getByRole('article')).toHaveCount(3);

  // One's own project cannot be applied to.
  await expect(
    card(page, 'My Garden').getByRole('button', { name: 'Your Project' }),
  ).toBeDisabled();

  // Apply once.
  await card(page, 'Robot Arm').getByRole('button', { name: 'Apply to Join' }).click();
  await expect(page.getByText('Application submitted successfully!')).toBeVisible();
  await expect(card(page, 'Robot Arm').getByRole('button', { name: 'Applied' })).toBeDisabled();
  await capture('explore');

  // A second application (here made in another tab before this page knew) is refused.
  await page.reload();
  await expect(card(page, 'Robot Arm').getByRole('button', { name: 'Applied' })).toBeDisabled();
  await insert(student, 'applications', {
    project_id: zine.id,
    message: 'I would like to join this project!',
  });
  await card(page, 'Poetry Zine').getByRole('button', { name: 'Apply to Join' }).click();
  await expect(page.getByText('Error submitting application. Please try again.')).toBeVisible();
  await expect(card(page, 'Poetry Zine').getByRole('button', { name: 'Applied' })).toBeDisabled();

  // The owner sees the application on their dashboard and accepts it.
  const ownerContext = await browser.newContext();
  const ownerPage = await ownerContext.newPage();
  await openSignedIn(ownerPage, owner, 'dashboard');
  const received = ownerPage.getByRole('group', { name: 'Ada Applicant applied to Robot Arm' });
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(received.getByText('Accepted')).toBeVisible();
  await expect(received.getByRole('button', { name: 'Accept' })).toHaveCount(0);
  await ownerContext.close();

  // The applicant sees the decision.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Dashboard' })
    .click();
  const mine = main.getByRole('region', { name: 'My Applications' });
  await expect(mine.getByRole('listitem').filter({ hasText: 'Robot Arm' })).toContainText(
    'Accepted',
  );
});
