import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import {
  describeViolations,
  expectAccessible,
  findAccessibilityViolations,
  isCheckablePage,
} from './accessibility';
import { REFLOW_WIDTH, sidewaysScrollReport } from './reflow';
import { createVerifiedStudent, deleteStudent, type Student } from './students';

interface Fixtures {
  /** A verified student without a profile, deleted after the test. */
  student: Student;
  /** Makes another verified student without a profile, deleted after the test. */
  newStudent: () => Promise<Student>;
  /** The test's students, deleted once the end-of-test check is done (see `page`). */
  accounts: Student[];
  /**
   * Checks the page with axe (serious and critical WCAG A/AA violations fail), then saves it at
   * desktop and phone width under test-results/screenshots, failing if the page scrolls sideways
   * at the phone's width or at 320 px. `accessibility: false` is for a
   * moment that passes while the journey looks (text still streaming in, which the journey then
   * cancels): the check takes seconds on a busy machine, and the end-of-test check still runs.
   */
  capture: (name: string, options?: { accessibility?: boolean }) => Promise<void>;
}

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 812 },
];

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  // Every journey ends with a look at each page of its browser context where the test left it (an
  // open dialog or menu included); `capture` checks the pages on the way (docs/architecture.md §7).
  // Checks run only at these quiet points: axe holds the page's main thread for seconds on a busy
  // machine, so a check started on every navigation raced the journey and starved its page.
  // A failing test keeps its own error. The check runs before the test's students are deleted
  // (`page` needs `accounts`, so it is torn down first): a page whose student was deleted is on
  // its way to the auth page, and a check of it would look at neither.
  page: [
    async ({ page, accounts: _accounts }, use, testInfo) => {
      // An exception nothing caught, or an answer of 500 and up from the server, on any page of
      // the journey (one opened later included), fails it even when every assertion held: a
      // student would have met a broken page. No journey sets out to break the server.
      const broken: string[] = [];
      const listen = (opened: Page) => {
        opened.on('pageerror', (error) =>
          broken.push(`uncaught exception on ${opened.url()}: ${error.stack ?? error}`),
        );
        opened.on('response', (response) => {
          if (response.status() < 500) return;
          const request = response.request();
          broken.push(`${request.method()} ${response.url()} answered ${response.status()}`);
        });
      };
      listen(page);
      page.context().on('page', listen);
      await use(page);
      if (testInfo.status !== testInfo.expectedStatus) return;
      const reports = [...broken];
      for (const open of page.context().pages()) {
        if (!isCheckablePage(open)) continue;
        for (const viewport of VIEWPORTS) {
          // The phone width is checked here, where no journey waits: it shows other controls
          // (docs/product.md §2.2).
          await open.setViewportSize({ width: viewport.width, height: viewport.height });
          const violations = await findAccessibilityViolations(open);
          if (violations.length > 0) {
            reports.push(
              describeViolations(`${open.url()} (end of test, ${viewport.label})`, violations),
            );
          }
        }
        // WCAG's Reflow: still one column and no sideways scrolling at 320 px.
        await open.setViewportSize({ width: REFLOW_WIDTH, height: 800 });
        const sideways = await sidewaysScrollReport(
          open,
          `${open.url()} (end of test, ${REFLOW_WIDTH} px)`,
        );
        if (sideways) reports.push(sideways);
      }
      if (reports.length > 0) throw new Error(reports.join('\n\n'));
    },
    // Its own time, beside the journey's: two axe runs after a long journey.
    { scope: 'test', timeout: 60_000 },
  ],
  accounts: async ({}, use) => {
    const accounts: Student[] = [];
    await use(accounts);
    await Promise.all(accounts.map(deleteStudent));
  },
  newStudent: async ({ accounts }, use) => {
    await use(async () => {
      const student = await createVerifiedStudent();
      accounts.push(student);
      return student;
    });
  },
  student: async ({ newStudent }, use) => use(await newStudent()),
  capture: async ({ page }, use, testInfo) => {
    const dir = path.resolve('test-results/screenshots');
    mkdirSync(dir, { recursive: true });
    await use(async (name, { accessibility = true } = {}) => {
      // One check, at the width the journey uses; the end-of-test check does both widths.
      if (accessibility) await expectAccessible(page, name);
      const original = page.viewportSize();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const file = path.join(dir, `${name}-${viewport.label}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${viewport.label}`, {
          path: file,
          contentType: 'image/png',
        });
        const sideways = await sidewaysScrollReport(page, `${name}, ${viewport.label}`);
        if (sideways) throw new Error(sideways);
      }
      // The page as the journey left it, at the narrowest width it must fit (no photograph).
      await page.setViewportSize({ width: REFLOW_WIDTH, height: 800 });
      const sideways = await sidewaysScrollReport(page, `${name}, ${REFLOW_WIDTH} px`);
      if (sideways) throw new Error(sideways);
      if (original) await page.setViewportSize(original);
    });
  },
});

export { expect } from '@playwright/test';
export type { Page };
