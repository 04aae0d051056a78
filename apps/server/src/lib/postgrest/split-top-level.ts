import { ParseFailure } from './errors';

/**
 * Splits a comma-separated list on the commas that are outside double quotes and parentheses,
 * so `a,rel(b,c),"x,y"` gives three items. Items are returned raw (not trimmed or unquoted);
 * unbalanced parentheses or an unterminated quote are syntax errors, not silent truncation.
 */
export function splitTopLevel(input: string, separator = ','): string[] {
  const items: string[] = [];
  let depth = 0;
  let inQuotes = false;
  let start = 0;
  for (let index = 0; index < input.length; index += 1) {
    const char = input[index];
    if (inQuotes) {
      if (char === '\\') index += 1;
      else if (char === '"') inQuotes = false;
    } else if (char === '"') {
      inQuotes = true;
    } else if (char === '(') {
      depth += 1;
    } else if (char === ')') {
      depth -= 1;
      if (depth < 0) throw new ParseFailure(`unbalanced ")" at position ${index + 1}`);
    } else if (char === separator && depth === 0) {
      items.push(input.slice(start, index));
      start = index + 1;
    }
  }
  if (inQuotes) throw new ParseFailure('unterminated double-quoted string');
  if (depth > 0) throw new ParseFailure('unbalanced "(": missing ")"');
  items.push(input.slice(start));
  return items;
}
