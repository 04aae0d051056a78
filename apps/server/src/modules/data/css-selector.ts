// The slim entry: the same selector engine (cheerio-select) as the full one scrape.ts loads on
// its first page, without parse5 and undici, which every server would otherwise load at start-up
// for this check (docs/architecture.md §2.1).
import { load } from 'cheerio/slim';

const empty = load('');

/** Whether cheerio can run a selector; checked before any page is fetched for it. */
export function isValidSelector(css: string): boolean {
  try {
    empty(css);
    return true;
  } catch {
    return false;
  }
}
