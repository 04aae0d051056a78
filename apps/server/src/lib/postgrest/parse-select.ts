import { describeFailure, ParseFailure } from './errors';
import { parseIdentifier } from './identifier';
import { splitTopLevel } from './split-top-level';
import type { SelectItem } from './types';

// PostgREST's aggregates: `count()` alone or `column.sum()`, optionally cast.
const AGGREGATE = /(^|\.)[ \t]*(count|sum|avg|min|max)[ \t]*\([ \t]*\)/i;

/**
 * Parses `select=*,id,title:name`. Embedding (`rel(...)`, `...rel(...)`), aggregates, JSON
 * arrows and casts are valid PostgREST but out of scope here, so they fail with a message
 * naming the feature rather than a syntax error.
 */
export function parseSelectParam(value: string): SelectItem[] {
  // PostgREST drops empty parameters, so `select=` means the default `*`.
  if (value.trim() === '') return [{ kind: 'star' }];
  return describeFailure(`failed to parse select parameter (${value})`, () =>
    splitTopLevel(value).map(parseSelectItem),
  );
}

function parseSelectItem(raw: string): SelectItem {
  const item = raw.trim();
  if (item === '') throw new ParseFailure('empty item in the select list');
  if (item === '*') return { kind: 'star' };
  if (item.includes('(')) {
    if (AGGREGATE.test(item)) {
      throw new ParseFailure('Aggregate functions are not supported', { unsupported: true });
    }
    throw new ParseFailure('Embedded resources are not supported', { unsupported: true });
  }
  if (item.includes('->')) {
    throw new ParseFailure('JSON operators (-> and ->>) are not supported', { unsupported: true });
  }
  if (item.includes('::')) {
    throw new ParseFailure('Casts (::) are not supported in select', { unsupported: true });
  }
  const parts = item.split(':');
  const [first = '', second, extra] = parts;
  if (extra !== undefined) throw new ParseFailure(`unexpected ":" in "${item}"`);
  if (second === undefined) return { kind: 'column', column: parseIdentifier(first), alias: null };
  if (second.trim() === '*') throw new ParseFailure(`"*" cannot have an alias ("${item}")`);
  const alias = parseIdentifier(first, 'alias');
  // Assigning this key sets an object's prototype rather than a field, so the answer's rows
  // would silently lose the column (or gain inherited ones).
  if (alias === '__proto__') throw new ParseFailure('"__proto__" cannot be an alias');
  return { kind: 'column', column: parseIdentifier(second), alias };
}
