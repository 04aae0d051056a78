/**
 * docs/product.md §5.1: an address ending, case-insensitively, in one of these suffixes is a school
 * email even where the swot dataset does not list its school. The server decides with both
 * (apps/server/src/modules/auth/school-domains.ts); these alone are not the whole rule.
 */
export const SCHOOL_EMAIL_SUFFIXES = [
  '.edu',
  '.ac.uk',
  '.edu.au',
  '.edu.ca',
  '.ac.in',
  '.edu.sg',
  '.edu.hk',
] as const;

/** Shown on the sign-up form when the address is not a school one. */
export const SCHOOL_EMAIL_FORM_MESSAGE =
  'Please use your school email address (.edu or university domain)';

/** Shown after sign-in when the account's address is not a school one (docs/product.md §5.1). */
export const SCHOOL_EMAIL_LOGIN_MESSAGE =
  'Please use your school email address (.edu or university domain) to register for the product.';

/** Lowercases and trims, so that one mailbox is one account. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The suffix part of the rule only: true for `ada@mit.edu`, false for `ada@tum.de`, which the
 * server accepts from the dataset. Ask the server (GET /api/auth/school-domain) for the answer.
 */
export function hasSchoolEmailSuffix(email: string): boolean {
  const normalized = normalizeEmail(email);
  return SCHOOL_EMAIL_SUFFIXES.some((suffix) => normalized.endsWith(suffix));
}

/** GET /api/auth/school-domain: whether a mail domain is a school's, and the school's names. */
export interface SchoolDomainAnswer {
  institutional: boolean;
  /** The school's names from the dataset, most common first; empty when it lists none. */
  names: string[];
}
