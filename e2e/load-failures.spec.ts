import { randomUUID } from 'node:crypto';
import type { Route } from '@playwright/test';
import { expect, test, type Page } from './support/fixtures';
import { createProfile, openSignedIn, type Student } from './support/students';
import { ownerWithProject, tableRequest } from './support/table-api';

// A lost connection, as the browser sees it; the app retries a failed read once before it says so.
const offline = (route: Route) => route.abort('internetdisconnected');

const projectCards = (page: Page) => page.getByRole('main').getByRole('article');

async function campusOf(student: Student, owner: Student, projects: number) {
  const tag = randomUUID().slice(0, 8);
  const university = `Offline U ${tag}`;
  await createProfile(student, { name: `Reader ${tag}`, university });
  await createProfile(owner, { name: `Owner ${tag}`, university });
  const rows = Array.from({ length: projects }, (_, index) => ({
    title: `Project ${index + 1} ${tag}`,
    description: 'Looking for teammates.',
  }));
  await tableRequest(owner, 'POST', 'projects', rows);
  return tag;
}

test('a list that could not load says so, not that it is empty, and loads again', async ({
  page,
  student,
  newStudent,
  capture,
}) => {
  const tag = await campusOf(student, await newStudent(), 1);
  await page.route(/\/rest\/v1\/projects\?/, offline);
  await openSignedIn(page, student, 'explore&scope=university');
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load projects' });
  await expect(failed).toContainText('Please check your connection and try again.');
  await expect(page.getByRole('heading', { name: 'No projects found' })).toHaveCount(0);
  await capture('explore-load-failed');

  await page.unroute(/\/rest\/v1\/projects\?/);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(projectCards(page)).toHaveText([new RegExp(`Project 1 ${tag}`)]);
  await expect(failed).toHaveCount(0);

  // Find Collaborators' list: the other students, never the reader's own profile.
  await page.route(/\/rest\/v1\/users\?.*user_id=neq\./, offline);
  await openSignedIn(page, student, 'find-collaborators&scope=university');
  const noPeople = page.getByRole('alert').filter({ hasText: 'Could not load collaborators' });
  await expect(noPeople).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No collaborators found' })).toHaveCount(0);
  await page.unroute(/\/rest\/v1\/users\?.*user_id=neq\./);
  await noPeople.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('article', { name: `Owner ${tag}` })).toBeVisible();
  await expect(noPeople).toHaveCount(0);
});

test('a next page that could not load keeps the first and tries again', async ({
  page,
  student,
  newStudent,
}) => {
  const tag = await campusOf(student, await newStudent(), 13);
  await openSignedIn(page, student, 'explore&scope=university');
  await expect(projectCards(page)).toHaveCount(12);

  await page.route(/\/rest\/v1\/projects\?.*cursor=/, offline);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Could not load more. Please check your connection and try again.',
  );
  await expect(projectCards(page)).toHaveCount(12);

  await page.unroute(/\/rest\/v1\/projects\?.*cursor=/);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(projectCards(page)).toHaveCount(13);
  // Rows written together tie on their time, so the order among them is the ids': compare sets.
  const shown = await projectCards(page).getByRole('heading').allInnerTexts();
  const titles = Array.from({ length: 13 }, (_, index) => `Project ${index + 1} ${tag}`);
  expect(shown.sort()).toEqual(titles.sort());
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a team space that could not load says so, not that it is private', async ({
  page,
  student,
}) => {
  const projectId = await ownerWithProject(student, 'Olive Owner', {
    title: 'Solar Car',
    description: 'Race it.',
  });
  const team = new RegExp(`/api/teams/[^/]+/${projectId}$`);
  await page.route(team, offline);
  await openSignedIn(page, student, `team&id=${projectId}`);
  const failed = page.getByRole('alert').filter({ hasText: 'Could not load this team' });
  await expect(failed).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This team space is private' })).toHaveCount(0);

  await page.unroute(team);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Solar Car' })).toBeVisible();

  // An address without a team's id names no team to wait for.
  await openSignedIn(page, student, 'team');
  await expect(page.getByRole('heading', { name: 'This team space is private' })).toBeVisible();
});
