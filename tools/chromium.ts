import { existsSync } from 'node:fs';

/**
 * How tests and the benchmark launch Chromium on these machines: Debian's package where it is
 * installed (CI), headless, with no background traffic (the network is closed, and it would skew
 * timings). Elsewhere the tools fall back to their own browser.
 */
export const SYSTEM_CHROMIUM = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;

export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
