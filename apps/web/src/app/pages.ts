/**
 * The in-memory page names of docs/product.md §2.1, the two pages the emailed links open
 * (verify-email, reset-password), which are public like auth, and the two pages a link can point
 * at one thing on (project, profile: `&id=`).
 */
export const PAGE_NAMES = [
  'landing',
  'auth',
  'dashboard',
  'explore',
  'post-project',
  'find-collaborators',
  'leaderboard',
  'messages',
  'edit-profile',
  'settings',
  'complete-profile',
  'verify-email',
  'reset-password',
  'project',
  'profile',
  'team',
] as const;

export type PageName = (typeof PAGE_NAMES)[number];

/** Pages a signed-out visitor is sent to auth from (docs/product.md §2.1). */
export const PROTECTED_PAGES: ReadonlySet<PageName> = new Set([
  'dashboard',
  'explore',
  'post-project',
  'find-collaborators',
  'leaderboard',
  'edit-profile',
  'settings',
  'messages',
  'project',
  'profile',
  'team',
]);

/** An unknown name falls back to landing. */
export function toPageName(name: string | null | undefined): PageName {
  return (PAGE_NAMES as readonly string[]).includes(name ?? '') ? (name as PageName) : 'landing';
}
