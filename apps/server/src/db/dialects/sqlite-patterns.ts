import type SqliteDatabase from 'better-sqlite3';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { containedText, likeToGlob } from './like-to-glob';
import { sqliteIndexedContains, sqliteSearchProbe } from './sqlite-search';
import type { PatternMatch } from './types';

/**
 * SQLite's forms of PostgreSQL's `like` and `ilike`. LIKE ignores ASCII case, so `ilike` runs as
 * LIKE and `like` as GLOB, which does not. "Contains" (`%text%`, the search the app makes) wraps
 * the text in wildcards in SQL; case-sensitive, it runs as `instr`.
 *
 * LIKE folds ASCII letters only: "élodie" would not find "Élodie" as PostgreSQL's ILIKE does. A
 * pattern with other characters therefore compares both sides lowered by JavaScript
 * (`unicode_lower`, registered on the connection). That calls back into JavaScript for every row
 * it reads, so an ASCII pattern, for which LIKE already gives PostgreSQL's answer, keeps LIKE.
 *
 * The pattern is never a bare parameter: SQLite prepares a statement again at every run when a
 * parameter alone is a LIKE or GLOB pattern (its value could change the plan), which cost more
 * than the search. An expression around it does not; with that, LIKE searched a campus's
 * projects in two thirds of the time `instr(lower(…))` took.
 */
export function sqlitePatternMatch(pattern: string, caseInsensitive: boolean): PatternMatch {
  const text = containedText(pattern);
  if (!caseInsensitive) {
    return text === null
      ? { form: 'glob', operand: likeToGlob(pattern) }
      : { form: 'contains', operand: text };
  }
  const form = text === null ? 'like' : 'contains-ci';
  const operand = text ?? pattern;
  return NON_ASCII.test(pattern)
    ? { form: `${form}-unicode`, operand: operand.toLowerCase() }
    : { form, operand };
}

const NON_ASCII = /[\u0080-\uffff]/;

/**
 * `sqlitePatternMatch` on a connection, which can also answer a case-insensitive contains-search
 * of an indexed column through its trigram index (sqlite-search.ts).
 */
export function sqlitePatternMatcher(connection: SqliteDatabase.Database) {
  const probe = sqliteSearchProbe(connection);
  return (pattern: string, caseInsensitive: boolean, searched?: string): PatternMatch => {
    const match = sqlitePatternMatch(pattern, caseInsensitive);
    if (match.form !== 'contains-ci' || !searched) return match;
    return { form: probe(searched, match.operand) ?? match.form, operand: match.operand };
  };
}

/** Registers `unicode_lower`, which the `-unicode` forms call, on a connection. */
export function registerUnicodeLower(connection: SqliteDatabase.Database): void {
  connection.function('unicode_lower', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : value,
  );
}

export function sqliteMatchPattern(
  value: Expression<unknown>,
  form: string,
  operand: unknown,
): RawBuilder<SqlBool> {
  const indexed = sqliteIndexedContains(value, form, operand);
  if (indexed) return indexed;
  switch (form) {
    case 'contains-ci-unicode':
      return sql<boolean>`unicode_lower(${value}) like ('%' || ${operand} || '%')`;
    case 'like-unicode':
      return sql<boolean>`unicode_lower(${value}) like (${operand} || '') escape '\\'`;
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
