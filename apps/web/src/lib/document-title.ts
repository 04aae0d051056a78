import { useEffect } from 'react';

export const APP_NAME = 'CampusCollab';

/** 'Explore projects · CampusCollab'; the bare app name when a page has nothing to add. */
export function documentTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${APP_NAME}` : APP_NAME;
}

/**
 * Names the browser tab after what the page shows, so history, bookmarks and screen readers'
 * tab lists tell pages apart. Every page calls it once, before any early return.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  const full = documentTitle(title);
  useEffect(() => {
    document.title = full;
  }, [full]);
}
