import { lazy, Suspense, type MouseEvent } from 'react';
import { Header } from '../components/layout/header';
import { PageSwitch } from './page-switch';

// The badge brings the message queries and the live subscription; only signed-in students see
// the header links it sits in, so it loads on demand and stays out of the landing page's first load.
const UnreadBadge = lazy(() =>
  import('../features/messages/components/unread-badge').then((module) => ({
    default: module.UnreadBadge,
  })),
);

const BADGES = {
  messages: (
    <Suspense fallback={null}>
      <UnreadBadge />
    </Suspense>
  ),
};

/**
 * "Skip to content" moves focus itself (docs/product.md §2.1): following "#main" would put a
 * fragment in the address the page parameters live in, and leave focus behind in some browsers.
 */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** The header on every page, then the page. */
export function AppShell() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#main"
        onClick={skipToContent}
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header badges={BADGES} />
      {/* Focusable from script only, so the skip link can put keyboard focus past the header. */}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        <PageSwitch />
      </main>
    </div>
  );
}
