import type { FastifyBaseLogger } from 'fastify';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { HttpError } from '../../../lib/http-error';
import { guardContext, type PageGuard } from './guarded-routing';
import { PAGE_LIMITS } from './page-budget';
import { SHOT_LIMITS, type ScreenshotRequest } from './screenshot-body';

/** The page has this long to load, redirects included; then it is shot as it stands. */
const NAVIGATION_MS = 15_000;
const SCREENSHOT_MS = 10_000;
const CLOSE_MS = 5_000;

/**
 * Renders a student's URL in a fresh context of the shared browser (no cookies or storage
 * shared with anyone's render), every request routed through fetchOutbound, and returns the PNG.
 */
export async function renderScreenshot(
  browser: Browser,
  shot: ScreenshotRequest,
  options: { allowedHosts: ReadonlySet<string>; log: FastifyBaseLogger },
): Promise<Buffer> {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: 1,
    serviceWorkers: 'block',
    acceptDownloads: false,
  });
  const finished = new AbortController();
  try {
    const guard = await guardContext(context, {
      allowedHosts: options.allowedHosts,
      signal: finished.signal,
    });
    const page = await context.newPage();
    guard.page = page;
    // Pop-ups are not in the picture; closing them saves their requests.
    context.on('page', (popup) => {
      if (popup !== page) popup.close().catch(() => undefined);
    });
    await navigate(page, guard, shot.url);
    return await shoot(page, shot);
  } finally {
    finished.abort();
    await closeWithin(context, options.log);
  }
}

/**
 * Loads the top-level URL, following its redirects here (each hop routed and checked like any
 * request, at most five), so a refused hop is the client's 400 rather than an error page.
 * A page still loading at the deadline is shot as it stands: a slow ad or font should not cost
 * the whole screenshot.
 */
async function navigate(page: Page, guard: PageGuard, url: string): Promise<void> {
  const deadline = Date.now() + NAVIGATION_MS;
  let target = url;
  guard.steering = true;
  try {
    for (let hop = 0; ; hop += 1) {
      guard.mainRedirect = undefined;
      guard.mainRefusal = undefined;
      const timeout = deadline - Date.now();
      if (timeout <= 0) return stoodStill(page);
      try {
        await page.goto(target, { waitUntil: 'load', timeout });
      } catch (error) {
        if (guard.mainRefusal) throw guard.mainRefusal;
        if (await isTimeout(error)) return stoodStill(page);
        throw new HttpError(502, 'UPSTREAM_FAILED', 'The page could not be loaded');
      }
      if (!guard.mainRedirect) return;
      if (hop === PAGE_LIMITS.redirects) {
        throw new HttpError(502, 'TOO_MANY_REDIRECTS', 'The URL redirects too many times');
      }
      target = guard.mainRedirect;
    }
  } finally {
    guard.steering = false;
  }
}

/** Playwright's timeout. Playwright came with the browser (browser-host.ts): no wait here. */
async function isTimeout(error: unknown): Promise<boolean> {
  const { errors } = await import('playwright-core');
  return error instanceof errors.TimeoutError;
}

/** Out of time: a page that has shown something is shot; one that never arrived is a 504. */
function stoodStill(page: Page): void {
  if (page.url() === 'about:blank') {
    throw new HttpError(504, 'UPSTREAM_TIMEOUT', 'The URL did not answer in time');
  }
}

async function shoot(page: Page, shot: ScreenshotRequest): Promise<Buffer> {
  try {
    return await page.screenshot({
      type: 'png',
      timeout: SCREENSHOT_MS,
      animations: 'disabled',
      // The whole page, clipped: an endless page would otherwise make an endless image.
      ...(shot.fullPage && {
        fullPage: true,
        clip: { x: 0, y: 0, width: shot.width, height: SHOT_LIMITS.fullPageMaxHeight },
      }),
    });
  } catch (error) {
    if (await isTimeout(error)) {
      throw new HttpError(504, 'SCREENSHOT_TIMEOUT', 'The page could not be captured in time');
    }
    throw new HttpError(502, 'SCREENSHOT_FAILED', 'The page could not be captured');
  }
}

/** A page stuck in a script loop can hold up its close; the slot is not held up with it. */
async function closeWithin(context: BrowserContext, log: FastifyBaseLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), CLOSE_MS);
  });
  const closing = context.close().then(
    () => 'closed' as const,
    () => 'closed' as const,
  );
  if ((await Promise.race([closing, late])) === 'late') {
    log.warn('A screenshot context did not close in time');
  }
  clearTimeout(timer);
}
