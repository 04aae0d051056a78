import { load } from 'cheerio';

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
