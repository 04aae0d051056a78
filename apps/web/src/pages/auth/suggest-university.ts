import { SCHOOL_EMAIL_SUFFIXES } from '@campuscollab/shared/core';

// Short institution labels are acronyms ('mit' -> 'MIT', 'ucla' -> 'UCLA'); longer ones are names.
const ACRONYM_MAX_LENGTH = 4;

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * docs/product.md §10.4: the university is suggested from the school email domain. The label just
 * before the school suffix names the institution; subdomains such as 'cs.' or 'mail.' are
 * skipped. The student can always edit the suggestion, so a guess is better than nothing.
 */
export function suggestUniversity(email: string | null | undefined): string {
  const domain = (email ?? '').trim().toLowerCase().split('@')[1] ?? '';
  const suffix = SCHOOL_EMAIL_SUFFIXES.find((candidate) => domain.endsWith(candidate));
  if (!suffix) return '';
  const labels = domain.slice(0, -suffix.length).split('.').filter(Boolean);
  const institution = labels.at(-1);
  if (!institution) return '';
  const words = institution.split(/[-_]+/).filter(Boolean);
  if (words.length === 1 && institution.length <= ACRONYM_MAX_LENGTH) {
    return institution.toUpperCase();
  }
  return words.map(capitalize).join(' ');
}
