import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import type { PageName } from '../app/pages';
import { pageAddress, useOptionalNavigation } from './navigation';

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>;

/** A click the browser should handle itself: new tab or window, download, another button. */
function opensElsewhere(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button !== 0 ||
    event.metaKey ||
    event.ctrlKey ||
    event.shiftKey ||
    event.altKey ||
    Boolean(event.currentTarget.target && event.currentTarget.target !== '_self')
  );
}

/**
 * A real link to a page (`/?page=project&id=...`), so open-in-new-tab and copy-link work, that
 * moves within the app on a plain click instead of reloading it (docs/product.md §2.1).
 */
export function PageLink({
  page,
  params = {},
  onClick,
  ...props
}: AnchorProps & { page: PageName; params?: Record<string, string> }) {
  // Without the app's navigation around it (a card rendered on its own), a link is just a link.
  const navigation = useOptionalNavigation();
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigation || event.defaultPrevented || opensElsewhere(event)) return;
    event.preventDefault();
    navigation.navigate(page, params);
  };
  return <a {...props} href={pageAddress(page, params)} onClick={follow} />;
}
