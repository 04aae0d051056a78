import { ParseFailure } from './errors';

// PostgreSQL truncates identifiers past 63 bytes, so a longer name cannot be a real column.
const SAFE_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function isSafeIdentifier(name: string): boolean {
  return SAFE_IDENTIFIER.test(name);
}

/**
 * Reads a column (or alias) name. postgrest-js double-quotes names in `columns=` ("id","name"),
 * so one fully quoted name is unwrapped first; the result must still be a plain identifier,
 * which keeps quotes, semicolons, comments and spaces out of anything the compiler emits.
 */
export function parseIdentifier(raw: string, role = 'column'): string {
  const trimmed = raw.trim();
  const name = unquoteIdentifier(trimmed);
  if (!isSafeIdentifier(name)) {
    throw new ParseFailure(
      `"${trimmed}" is not a valid ${role} name: expected a letter or underscore followed by letters, digits or underscores (at most 63)`,
    );
  }
  return name;
}

function unquoteIdentifier(text: string): string {
  if (text.length < 2 || !text.startsWith('"') || !text.endsWith('"')) return text;
  const inner = text.slice(1, -1);
  // An escaped or stray quote inside means this was never a simple quoted name.
  return inner.includes('"') || inner.includes('\\') ? text : inner;
}
