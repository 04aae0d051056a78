/**
 * SQLite's LIKE ignores ASCII case, so PostgREST's case-sensitive `like` is run as GLOB. This
 * turns a LIKE pattern (`%`, `_`, backslash escapes, as PostgreSQL reads them) into a GLOB
 * pattern, where `*`, `?` and `[` are special and are matched literally through `[x]`.
 */
export function likeToGlob(pattern: string): string {
  let glob = '';
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (char === '\\' && index + 1 < pattern.length) {
      glob += literal(pattern[++index]!);
    } else if (char === '%') {
      glob += '*';
    } else if (char === '_') {
      glob += '?';
    } else {
      glob += literal(char);
    }
  }
  return glob;
}

function literal(char: string): string {
  return char === '*' || char === '?' || char === '[' ? `[${char}]` : char;
}

/**
 * The text a `%text%` pattern looks for, or null for any other pattern: "contains" is the search
 * the app makes, and its text can be bound alone (sqlite-patterns.ts).
 */
export function containedText(pattern: string): string | null {
  return /^%([^%_\\]*)%$/.exec(pattern)?.[1] ?? null;
}
