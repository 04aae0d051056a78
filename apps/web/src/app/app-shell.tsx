import { lazy, Suspense } from 'react';
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

/** The header on every page, then the page. */
export function AppShell() {
  return (
    <div className="flex min-h-screen flex-col bg-gray-50 text-gray-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2"
      >
        Skip to content
      </a>
      <Header badges={BADGES} />
      <main id="main" className="flex-1">
        <PageSwitch />
      </main>
    </div>
  );
}
