import type { FastifyBaseLogger } from 'fastify';
import type { Browser } from 'playwright-core';
import { HttpError } from '../../../lib/http-error';
import { CHROMIUM_FLAGS } from './chromium-flags';

export interface BrowserHost {
  /** The app's one browser, launched on first use (and again after a crash). */
  browser(): Promise<Browser>;
  close(): Promise<void>;
}

const LAUNCH_TIMEOUT_MS = 30_000;

/**
 * One Chromium per app: starting one takes seconds, so it is started on the first screenshot
 * and kept; each screenshot gets its own context (its own cookies and storage) inside it.
 */
export function createBrowserHost(chromiumPath: string, log: FastifyBaseLogger): BrowserHost {
  let launching: Promise<Browser> | undefined;
  let closed = false;

  const launch = async (): Promise<Browser> => {
    // Playwright is loaded with the first browser: it is the heaviest package the server has, and
    // most servers never take a screenshot (docs/architecture.md §2.1).
    const { chromium } = await import('playwright-core');
    try {
      const browser = await chromium.launch({
        executablePath: chromiumPath,
        args: CHROMIUM_FLAGS,
        timeout: LAUNCH_TIMEOUT_MS,
        // Signals reach the server, which closes the browser in its own onClose hook.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false,
      });
      return browser;
    } catch (error) {
      log.error({ err: error, chromiumPath }, 'Chromium could not be launched for screenshots');
      throw new HttpError(
        503,
        'SCREENSHOT_UNAVAILABLE',
        `Screenshots are unavailable: Chromium could not be started (CHROMIUM_PATH=${chromiumPath})`,
      );
    }
  };

  return {
    browser() {
      if (closed) {
        return Promise.reject(
          new HttpError(503, 'SCREENSHOT_UNAVAILABLE', 'The server is shutting down'),
        );
      }
      if (!launching) {
        const started = launch();
        launching = started;
        // A failed launch is tried again next time, and a crashed browser is forgotten, so the
        // next screenshot launches a fresh one instead of failing for good.
        const forget = () => {
          if (launching === started) launching = undefined;
        };
        started.then((browser) => browser.on('disconnected', forget), forget);
      }
      return launching;
    },
    async close() {
      closed = true;
      const pending = launching;
      launching = undefined;
      const browser = await pending?.catch(() => undefined);
      await browser?.close().catch(() => undefined);
    },
  };
}
