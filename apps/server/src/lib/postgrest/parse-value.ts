import { ParseFailure } from './errors';
import type { Scanner } from './scanner';
import type { IsValue } from './types';

/**
 * Where a value is being read. In a plain filter parameter (`name=eq.a,b`) the value is the
 * whole rest of the parameter, verbatim, as in PostgREST. Inside `or=(...)`/`and=(...)` a
 * value ends at `,` or `)` unless it is double-quoted.
 */
export type ValueContext = 'param' | 'logic';

const IS_VALUES: ReadonlyMap<string, IsValue> = new Map<string, IsValue>([
  ['null', null],
  ['true', true],
  ['false', false],
  ['unknown', 'unknown'],
]);

/** Reads `"..."` where a backslash escapes the next character (`"a\"b"` is `a"b`). */
export function readQuotedValue(scanner: Scanner): string {
  scanner.expect('"');
  let value = '';
  for (;;) {
    const char = scanner.peek();
    if (char === undefined) throw new ParseFailure('unterminated double-quoted value');
    scanner.position += 1;
    if (char === '"') return value;
    if (char === '\\') {
      const escaped = scanner.peek();
      if (escaped === undefined) throw new ParseFailure('unterminated double-quoted value');
      scanner.position += 1;
      value += escaped;
    } else {
      value += char;
    }
  }
}

/**
 * Reads an `in` list: `(a,"b,c",d)`. Like PostgREST, spaces after `(` are skipped but the
 * elements are otherwise verbatim. `()` is the empty list, which matches no row (and
 * `not.in.()` every row), the same result PostgREST gives.
 */
export function readListValue(scanner: Scanner): string[] {
  scanner.expect('(', '"(" to open the list');
  scanner.skipSpaces();
  if (scanner.consume(')')) return [];
  const values: string[] = [];
  for (;;) {
    if (scanner.peek() === '"') {
      values.push(readQuotedValue(scanner));
      scanner.skipSpaces();
    } else {
      values.push(readUnquoted(scanner));
    }
    if (scanner.consume(')')) return values;
    if (!scanner.consume(',')) scanner.fail('"," or ")"');
  }
}

/** Reads the value of eq, like, gt, ... */
export function readScalarValue(scanner: Scanner, context: ValueContext): string {
  if (context === 'param') {
    const value = scanner.rest();
    scanner.position = scanner.input.length;
    return value;
  }
  if (scanner.peek() === '"') return readQuotedValue(scanner);
  // PostgREST passes PostgreSQL array literals through whole, commas included.
  if (scanner.peek() === '{') {
    const close = scanner.input.indexOf('}', scanner.position);
    if (close < 0) throw new ParseFailure('unterminated array literal: missing "}"');
    const value = scanner.input.slice(scanner.position, close + 1);
    scanner.position = close + 1;
    return value;
  }
  return readUnquoted(scanner);
}

/** Reads the operand of `is`, case-insensitively as PostgREST does. */
export function readIsValue(scanner: Scanner, context: ValueContext): IsValue {
  const raw = context === 'param' ? scanner.rest() : scanner.readUntil(',)').trimEnd();
  if (context === 'param') scanner.position = scanner.input.length;
  const value = IS_VALUES.get(raw.toLowerCase());
  if (value === undefined) {
    throw new ParseFailure(
      `unexpected "${raw}" after "is.", expecting null or trilean value (unknown, true, false)`,
    );
  }
  return value;
}

/** PostgREST lets clients write `*` for the SQL wildcard, since `%` is awkward in a URL. */
export function toLikePattern(value: string): string {
  return value.replaceAll('*', '%');
}

function readUnquoted(scanner: Scanner): string {
  const start = scanner.position;
  const value = scanner.readUntil(',)');
  const paren = value.indexOf('(');
  if (paren >= 0) {
    scanner.position = start + paren;
    throw new ParseFailure(
      `reserved character "(" at position ${scanner.position + 1}; surround values containing ,.:() with double quotes`,
    );
  }
  return value;
}
