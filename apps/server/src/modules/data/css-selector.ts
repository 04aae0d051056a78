// The slim entry: the same selector engine (cheerio-select) as the full one scrape.ts loads on
// its first page, without parse5 and undici. Loaded by the first selector checked, not at
// start-up: about 10 MB a server that never scrapes should not hold (docs/architecture.md §2.1).
// cheerio ships CommonJS, so the require is synchronous and the check stays a plain zod refine.
import { createRequire } from 'node:module';
import type { CheerioAPI, load } from 'cheerio/slim';

const requirePackage = createRequire(import.meta.url);
let empty: CheerioAPI | undefined;

/** Whether cheerio can run a selector; checked before any page is fetched for it. */
export function isValidSelector(css: string): boolean {
  empty ??= (requirePackage('cheerio/slim') as { load: typeof load }).load('');
  try {
    empty(css);
    return true;
  } catch {
    return false;
  }
}
