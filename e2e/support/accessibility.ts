import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { NodeResult, Result } from 'axe-core';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what the journeys hold every page to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa'];

/** Violations of these impacts fail a journey; minor and moderate ones are left to review. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Waits until the page has loaded and its finite animations and transitions (a dialog fading in,
 * a button changing colour) have ended, so colours are measured as a student finally sees them.
 * Endless ones (spinners, skeleton pulses) carry no text and are left running.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity);
    const ended = Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
    // A paused animation never ends; a second is longer than any of the app's transitions.
    await Promise.race([ended, new Promise((resolve) => setTimeout(resolve, 1000))]);
  });
}

/** The serious and critical WCAG A/AA violations axe finds on the page as it is now. */
export async function findAccessibilityViolations(page: Page): Promise<Result[]> {
  await settle(page);
  // Legacy mode runs axe inside the page alone: the default opens a second, blank page to merge
  // frame results, which journeys waiting for pages would see. The app has no cross-origin frames.
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).setLegacyMode(true).analyze();
  return results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''));
}

/** The element's opening tag and axe's reason, on one line each, short enough to scan. */
function summarize(node: NodeResult): string {
  const reason = (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim();
  const tag = node.html.length > 160 ? `${node.html.slice(0, 160)}...` : node.html;
  return `${tag}\n      ${reason}`;
}

/** One paragraph per rule: rule, impact, what it asks, where it failed and where to read more. */
export function describeViolations(where: string, violations: readonly Result[]): string {
  const rules = violations.map((violation) => {
    const targets = violation.nodes
      .slice(0, 10)
      .map((node) => `    - ${node.target.join(' >> ')}\n      ${summarize(node)}`)
      .join('\n');
    const more =
      violation.nodes.length > 10 ? `\n    (and ${violation.nodes.length - 10} more)` : '';
    return `  [${violation.impact}] ${violation.id}: ${violation.help}\n${targets}${more}\n    ${violation.helpUrl}`;
  });
  return `Accessibility violations on ${where}:\n${rules.join('\n')}`;
}

/** Fails with the readable list when the page, as it is now, has serious or critical violations. */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const violations = await findAccessibilityViolations(page);
  if (violations.length > 0) throw new Error(describeViolations(where, violations));
}

/** Pages of the app under test; the API's own answers (/api/health) and blank pages are not. */
function isAppPage(address: string): boolean {
  const base = process.env.E2E_BASE_URL;
  if (!base || !address.startsWith(base)) return false;
  return !new URL(address).pathname.startsWith('/api/');
}

/** Whether the page is one the end-of-test check should look at. */
export function isCheckablePage(page: Page): boolean {
  return !page.isClosed() && isAppPage(page.url());
}
