/**
 * The most text any extraction returns: about 50 printed pages, plenty for a summary or a
 * search index, and a bound on what a single answer (and an AI prompt built from it) can weigh.
 */
export const MAX_TEXT_CHARS = 100_000;

// Control characters other than tab and newline only garble text that is shown or stored.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/** Cuts to `max` characters without splitting a surrogate pair. */
export function capText(text: string, max = MAX_TEXT_CHARS): string {
  if (text.length <= max) return text;
  const end = /[\ud800-\udbff]/.test(text[max - 1] ?? '') ? max - 1 : max;
  return text.slice(0, end).trimEnd();
}

/**
 * Plain text with tidy whitespace: lines lose trailing spaces (indentation is kept, it means
 * something in markdown), paragraphs are separated by exactly one blank line, and the result is
 * capped at MAX_TEXT_CHARS.
 */
export function normalizeText(text: string): string {
  const tidy = text
    .replace(/^\ufeff/, '')
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL, '')
    .replace(/[^\S\n]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '');
  return capText(tidy);
}

/** Text from markup, where a run of spaces and line breaks inside a paragraph is one space. */
export function normalizeParagraphs(paragraphs: readonly string[]): string {
  const text = paragraphs
    .map((paragraph) =>
      paragraph
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
  return capText(text.replace(CONTROL, ''));
}
