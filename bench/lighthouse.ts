import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS as CHROME_FLAGS, SYSTEM_CHROMIUM } from '../tools/chromium';

export interface LighthouseScore {
  page: string;
  path: string;
  /** 0 to 100, as Lighthouse shows them. */
  performance: number;
  accessibility: number;
  /** First and largest contentful paint and total blocking time, simulated, in ms. */
  fcp: number;
  lcp: number;
  tbt: number;
}

const PAGES = [
  { page: 'landing', path: '/' },
  { page: 'auth', path: '/?page=auth' },
];

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Lighthouse's default (mobile, simulated throttling) config on landing and auth, against the
 * real server. One Chromium for both pages; each run starts from a cold cache anyway.
 */
export async function runLighthouse(
  baseUrl: string,
  log: (line: string) => void,
): Promise<LighthouseScore[]> {
  const chromePath = process.env.CHROME_PATH ?? SYSTEM_CHROMIUM;
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  const scores: LighthouseScore[] = [];
  try {
    for (const { page, path } of PAGES) {
      log(`lighthouse ${page} (${path})`);
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
      });
      if (!result) throw new Error(`lighthouse gave no result for ${path}`);
      const { categories, audits } = result.lhr;
      const metric = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
      scores.push({
        page,
        path,
        performance: score(categories.performance?.score),
        accessibility: score(categories.accessibility?.score),
        fcp: metric('first-contentful-paint'),
        lcp: metric('largest-contentful-paint'),
        tbt: metric('total-blocking-time'),
      });
    }
  } finally {
    chrome.kill();
  }
  return scores;
}
