import { PROTECTED_PAGES, toPageName, type PageName } from './pages';

/**
 * Where a signed-out visitor was going when a protected page sent them to auth, so that signing
 * in takes them there rather than to the dashboard (docs/product.md §2.1). Kept for the tab only
 * (session storage): a shared link opened in another browser starts from its own address.
 */
const KEY = 'campuscollab.return-to';

export interface ReturnTarget {
  page: PageName;
  params: Record<string, string>;
}

export function rememberReturnTarget(target: ReturnTarget): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(target));
  } catch {
    // Storage may be full or disabled; the visitor then lands on the dashboard as before.
  }
}

/** Reads and forgets the target. Only a protected page name with string params comes back. */
export function takeReturnTarget(): ReturnTarget | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { page, params } = parsed as { page?: unknown; params?: unknown };
    const name = toPageName(typeof page === 'string' ? page : null);
    if (!PROTECTED_PAGES.has(name)) return null;
    const entries =
      typeof params === 'object' && params !== null && !Array.isArray(params)
        ? Object.entries(params).filter(
            (entry): entry is [string, string] => typeof entry[1] === 'string',
          )
        : [];
    return { page: name, params: Object.fromEntries(entries) };
  } catch {
    return null;
  }
}
