import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { containedText, likeToGlob } from './like-to-glob';
import type { PatternMatch } from './types';

/**
 * SQLite's forms of PostgreSQL's `like` and `ilike`. LIKE ignores ASCII case (and only ASCII, as
 * lower() does), so `ilike` runs as LIKE and `like` as GLOB, which does not. "Contains"
 * (`%text%`, the search the app makes) wraps the text in wildcards in SQL; case-sensitive, it
 * runs as `instr`.
 *
 * The pattern is never a bare parameter: SQLite prepares a statement again at every run when a
 * parameter alone is a LIKE or GLOB pattern (its value could change the plan), which cost more
 * than the search. An expression around it does not; with that, LIKE searched a campus's
 * projects in two thirds of the time `instr(lower(…))` took.
 */
export function sqlitePatternMatch(pattern: string, caseInsensitive: boolean): PatternMatch {
  const text = containedText(pattern);
  if (text !== null) return { form: caseInsensitive ? 'contains-ci' : 'contains', operand: text };
  return caseInsensitive
    ? { form: 'like', operand: pattern }
    : { form: 'glob', operand: likeToGlob(pattern) };
}

export function sqliteMatchPattern(
  value: Expression<unknown>,
  form: string,
  operand: unknown,
): RawBuilder<SqlBool> {
  switch (form) {
    case 'contains-ci':
      // The text holds no `%`, `_` or backslash (containedText), so it needs no escaping.
      return sql<boolean>`${value} like ('%' || ${operand} || '%')`;
    case 'contains':
      return sql<boolean>`instr(${value}, ${operand}) > 0`;
    case 'like':
      return sql<boolean>`${value} like (${operand} || '') escape '\\'`;
    default:
      return sql<boolean>`${value} glob (${operand} || '')`;
  }
}
