/** docs/product.md §5.1: a school email ends, case-insensitively, in one of these suffixes. */
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

export function isSchoolEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  return SCHOOL_EMAIL_SUFFIXES.some((suffix) => normalized.endsWith(suffix));
}
