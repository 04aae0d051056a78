import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test as base, type Page } from '@playwright/test';
import { createVerifiedStudent, deleteStudent, type Student } from './students';

interface Fixtures {
  /** A verified student without a profile, deleted after the test. */
  student: Student;
  /** Saves the page at desktop and phone width under test-results/screenshots. */
  capture: (name: string) => Promise<void>;
}

const VIEWPORTS = [
  { label: 'desktop', width: 1280, height: 800 },
  { label: 'phone', width: 375, height: 812 },
];

export const test = base.extend<Fixtures>({
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  student: async ({}, use) => {
    const student = await createVerifiedStudent();
    await use(student);
    await deleteStudent(student);
  },
  capture: async ({ page }, use, testInfo) => {
    const dir = path.resolve('test-results/screenshots');
    mkdirSync(dir, { recursive: true });
    await use(async (name) => {
      const original = page.viewportSize();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        const file = path.join(dir, `${name}-${viewport.label}.png`);
        await page.screenshot({ path: file, fullPage: true });
        await testInfo.attach(`${name}-${viewport.label}`, {
          path: file,
          contentType: 'image/png',
        });
      }
      if (original) await page.setViewportSize(original);
    });
  },
});

export { expect } from '@playwright/test';
export type { Page };
