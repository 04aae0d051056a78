import { describeFailure, ParseFailure } from './errors';
import { parseIdentifier } from './identifier';
import { splitTopLevel } from './split-top-level';

/**
 * Parses `columns=` (which postgrest-js sends quoted: `"id","name"`) or `on_conflict=`.
 * Duplicates collapse, as PostgREST keeps these as sets, but first-seen order is kept.
 */
export function parseColumnList(param: 'columns' | 'on_conflict', value: string): string[] {
  return describeFailure(`failed to parse ${param} parameter (${value})`, () => {
    const names = splitTopLevel(value).map((raw) => {
      if (raw.trim() === '') throw new ParseFailure(`empty column name in ${param}`);
      return parseIdentifier(raw);
    });
    return [...new Set(names)];
  });
}
