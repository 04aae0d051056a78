import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { containedText, likeToGlob } from './like-to-glob';
import type { PatternMatch } from './types';

/**
 * SQLite's forms of PostgreSQL's `like` and `ilike`. "Contains" (`%text%`, the search the app
 * makes) runs as `instr`; lower() folds ASCII letters only, as LIKE does, so both find the same
 * rows. Any other pattern runs as LIKE (which ignores ASCII case) or GLOB (which does not).
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
      return sql<boolean>`instr(lower(${value}), lower(${operand})) > 0`;
    case 'contains':
      return sql<boolean>`instr(${value}, ${operand}) > 0`;
    case 'like':
      return sql<boolean>`${value} like ${operand} escape '\\'`;
    default:
      return sql<boolean>`${value} glob ${operand}`;
  }
}
