import { randomUUID } from 'node:crypto';
import type { Locator } from '@playwright/test';
import { expectAccessible } from './support/accessibility';
import { expect, test, type Page } from './support/fixtures';
import { baseUrl, createProfile, type Student } from './support/students';

async function insertProject(owner: Student, title: string, description: string) {
  const response = await fetch(`${baseUrl()}/api/db/campus/rest/v1/projects`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${owner.tokens.access_token}`,
    },
    body: JSON.stringify({ title, description, timeline: '1 month', skills_needed: ['Coding'] }),
  });
  expect(response.status, await response.text()).toBe(201);
}

/** The focused element shows the app's focus ring (a visible outline), as a keyboard user sees. */
async function expectFocusVisible(target: Locator) {
  await expect(target).toBeFocused();
  const ring = await target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      focusVisible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      highlighted: element.hasAttribute('data-highlighted'),
    };
  });
  // Menu and list items mark the active one with a highlight instead of an outline.
  expect(ring.focusVisible && (ring.outline || ring.highlighted), JSON.stringify(ring)).toBe(true);
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user moves along the page;
 * fails when it is not reached within `limit` presses.
 */
async function tabTo(page: Page, target: Locator, { back = false, limit = 40 } = {}) {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      await expectFocusVisible(target);
      return;
    }
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(
    `${target} was not reached with ${limit} presses of ${back ? 'Shift+Tab' : 'Tab'}`,
  );
}

test('a student signs in, searches, applies and writes a message with the keyboard alone', async ({
  page,
  student,
  newStudent,
}) => {
  test.setTimeout(120_000);
  const tag = randomUUID().slice(0, 8);
  const university = `Keyboard U ${tag}`;
  const projectTitle = `Braille Printer ${tag}`;
  await createProfile(student, { name: 'Kim Keys', university });
  const owner = await newStudent();
  await createProfile(owner, { name: 'Olu Owner', university });
  await insertProject(owner, projectTitle, 'A printer that embosses braille labels.');
  await insertProject(owner, `Garden Sensors ${tag}`, 'Soil sensors for the campus garden.');

  // Sign in. Once the page shows, the first Tab reaches "Skip to content", which takes focus
  // past the header. (A Tab pressed before the first render has nothing to land on.)
  await page.goto('/?page=auth');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { name: 'Welcome to CampusCollab' })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expectFocusVisible(skip);
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(main).toBeFocused();

  // The tabs follow the arrow keys (one Tab stop for the list).
  const signUpTab = page.getByRole('tab', { name: 'Sign Up' });
  await tabTo(page, signUpTab);
  await page.keyboard.press('ArrowRight');
  const signInTab = page.getByRole('tab', { name: 'Sign In' });
  await expectFocusVisible(signInTab);
  await expect(signInTab).toHaveAttribute('aria-selected', 'true');
  const email = main.getByLabel('Email');
  await tabTo(page, email);
  await page.keyboard.type(student.email);
  await page.keyboard.press('Tab');
  await expectFocusVisible(main.getByLabel('Password'));
  await page.keyboard.type(student.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=dashboard/);
  await expect(main.getByRole('heading', { name: /Welcome back/ })).toBeVisible();

  // The header's links, then Explore's search.
  const nav = page.getByRole('navigation', { name: 'Main' });
  await tabTo(page, nav.getByRole('button', { name: 'Explore Projects' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=explore/);
  await expect(nav.getByRole('button', { name: 'Explore Projects' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const search = main.getByRole('searchbox', { name: 'Search projects' });
  await tabTo(page, search);
  await page.keyboard.type('Braille');
  const card = main.getByRole('article', { name: projectTitle });
  await expect(card).toBeVisible();
  await expect(main.getByRole('article', { name: `Garden Sensors ${tag}` })).toHaveCount(0);

  // Apply from the project's card.
  const apply = card.getByRole('button', { name: 'Apply to Join' });
  await tabTo(page, apply);
  await page.keyboard.press('Enter');
  await expect(card.getByRole('button', { name: 'Applied' })).toBeDisabled();

  // Back up to the header with Shift+Tab, to Find Collaborators.
  const findLink = nav.getByRole('button', { name: 'Find Collaborators' });
  await tabTo(page, findLink, { back: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]page=find-collaborators/);

  // Narrow the list to my university with Enter on its button: under All, students that
  // other journeys create meanwhile come first.
  const mine = main
    .getByRole('group', { name: 'Universities' })
    .getByRole('button', { name: 'My university' });
  await tabTo(page, mine);
  await page.keyboard.press('Enter');
  await expect(mine).toHaveAttribute('aria-pressed', 'true');

  // The contact dialog: focus moves in, Escape closes it and focus comes back to its button.
  const contact = main.getByRole('button', { name: 'Contact Olu Owner' });
  await tabTo(page, contact);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Contact Olu Owner' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  await expectAccessible(page, 'contact dialog (open)');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusVisible(contact);

  // Again, and this time the message goes out.
  await page.keyboard.press('Space');
  await expect(dialog).toBeVisible();
  const subject = dialog.getByLabel('Subject');
  await tabTo(page, subject);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type('Braille printer');
  await page.keyboard.press('Tab');
  await expectFocusVisible(dialog.getByLabel('Message'));
  await page.keyboard.type('I can help with the embossing head.');
  // Focus stays inside the dialog: Tab goes round it, never back to the page behind.
  await tabTo(page, dialog.getByRole('button', { name: 'Send Message' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText('Message Sent!')).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(contact).toBeFocused();

  // The account menu opens from the keyboard, its items follow the arrows, Escape closes it.
  const menuButton = nav.getByRole('button', { name: 'Account menu for Kim Keys' });
  await tabTo(page, menuButton, { back: true });
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expectFocusVisible(menu.getByRole('menuitem', { name: 'Settings' }));
  await expectAccessible(page, 'account menu (open)');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expectFocusVisible(menuButton);
});
