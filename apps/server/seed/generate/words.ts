/**
 * Word lists are written as one whitespace-separated block rather than an array literal:
 * Prettier would put each of a hundred names on its own line.
 */
export function splitWords(block: string): readonly string[] {
  return block.split(/\s+/).filter(Boolean);
}

/** Lists of phrases, one per line, for the same reason. */
export function splitLines(block: string): readonly string[] {
  return block
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}
