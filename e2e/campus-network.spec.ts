import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from './support/fixtures';
import { createProfile, openSignedIn } from './support/students';
import { tableRequest } from './support/table-api';

const collaborator = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Collaborators' }).getByRole('article', { name });

test('a student finds someone from another university and is recommended a project', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  // Three pages, two sorts and a reload: more than the default budget on a busy machine.
  test.slow();
  const tag = randomUUID().slice(0, 8);
  // Skills no other journey uses, so the recommendations are this test's own.
  const optics = `Optics ${tag}`;
  const rust = `Rust ${tag}`;
  await createProfile(student, { name: `Mia Maker ${tag}`, university: `Home U ${tag}` });
  await tableRequest(student, 'PATCH', `users?user_id=eq.${student.id}`, { skills: [optics] });
  await tableRequest(student, 'POST', 'projects', {
    title: `Rover ${tag}`,
    description: 'A small rover that maps the campus.',
    skills_needed: [rust, optics],
  });
  const other = await newStudent();
  const otherName = `Omar Elsewhere ${tag}`;
  await createProfile(other, { name: otherName, university: `Far U ${tag}`, role: 'Developer' });
  await tableRequest(other, 'PATCH', `users?user_id=eq.${other.id}`, { skills: [rust] });
  await tableRequest(other, 'POST', 'projects', {
    title: `Telescope ${tag}`,
    description: 'A backyard telescope with a camera.',
    skills_needed: ['Writing', optics],
  });

  // The dashboard recommends the other campus's project, saying why.
  await openSignedIn(page, student, 'dashboard');
  const recommended = page.getByRole('list', { name: 'Recommended projects' });
  await expect(recommended.getByRole('heading', { name: `Telescope ${tag}` })).toBeVisible();
  await expect(recommended).toContainText(`Matches: ${optics}`);
  await capture('dashboard-recommended');

  // Find Collaborators lists everyone by default; "My university" leaves Omar out.
  const header = page.getByRole('navigation', { name: 'Main' });
  await header.getByRole('button', { name: 'Find Collaborators' }).click();
  const search = page.getByRole('searchbox', { name: 'Search by name, skills or bio' });
  await search.fill(otherName);
  await expect(collaborator(page, otherName)).toBeVisible();
  const scope = page.getByRole('group', { name: 'Universities' });
  await scope.getByRole('button', { name: 'My university' }).click();
  await expect(page.getByRole('heading', { name: 'No collaborators found' })).toBeVisible();
  await scope.getByRole('button', { name: 'All', exact: true }).click();
  await expect(collaborator(page, otherName)).toBeVisible();

  // Recommended: Omar has the skill the rover needs and Mia lacks.
  await search.fill('');
  await page
    .getByRole('group', { name: 'Sort' })
    .getByRole('button', { name: 'Recommended' })
    .click();
  await expect(page).toHaveURL(/sort=recommended/);
  await expect(collaborator(page, otherName)).toContainText(`Matches: ${rust}`);
  await capture('find-collaborators-recommended');

  // Explore's Recommended order, kept across a reload.
  await header.getByRole('button', { name: 'Explore Projects' }).click();
  await page
    .getByRole('group', { name: 'Sort' })
    .getByRole('button', { name: 'Recommended' })
    .click();
  const telescope = page.getByRole('main').getByRole('article', { name: `Telescope ${tag}` });
  await expect(telescope).toContainText(`Matches: ${optics}`);
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Sort' }).getByRole('button', { name: 'Recommended' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(telescope).toBeVisible();
  await capture('explore-recommended');
});
