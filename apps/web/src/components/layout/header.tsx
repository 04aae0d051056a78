import { useQueryClient } from '@tanstack/react-query';
import { Menu, X } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { client } from '../../lib/client';
import { useNavigation } from '../../lib/navigation';
import type { PageName } from '../../app/pages';
import { useAuth } from '../../features/auth/use-auth';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { cn } from '../../lib/cn';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
// The dropdown (Radix menu and its positioning engine) only matters once signed in, so it stays
// out of the first load that signed-out visitors of the landing page download.
const UserMenu = lazy(() => import('./user-menu').then((module) => ({ default: module.UserMenu })));

const LINKS: { page: PageName; label: string }[] = [
  { page: 'dashboard', label: 'Dashboard' },
  { page: 'explore', label: 'Explore Projects' },
  { page: 'post-project', label: 'Post Project' },
  { page: 'find-collaborators', label: 'Find Collaborators' },
  { page: 'leaderboard', label: 'Leaderboard' },
  { page: 'messages', label: 'Messages' },
];

/** The shared top navigation (docs/product.md §2.2). `badges` adds a count next to a link. */
export function Header({ badges = {} }: { badges?: Partial<Record<PageName, ReactNode>> }) {
  const { user, loading } = useAuth();
  const { page, navigate } = useNavigation();
  const { data: profile } = useOwnProfile();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);

  const go = (target: PageName) => {
    setMenuOpen(false);
    navigate(target);
  };
  const logOut = async () => {
    await client.auth.logout();
    queryClient.clear();
    go('landing');
  };

  const links = LINKS.map(({ page: target, label }) => (
    <li key={target}>
      <button
        type="button"
        onClick={() => go(target)}
        aria-current={page === target ? 'page' : undefined}
        className={cn(
          'flex w-full items-center gap-2 rounded-md px-3 py-2 text-left text-sm font-medium',
          page === target ? 'bg-brand-50 text-brand-800' : 'text-gray-700 hover:bg-gray-100',
        )}
      >
        {label}
        {badges[target]}
      </button>
    </li>
  ));

  return (
    <header className="sticky top-0 z-30 border-b border-gray-200 bg-white/95 backdrop-blur">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <button
          type="button"
          onClick={() => go('landing')}
          className="text-xl font-bold text-brand-700"
        >
          CampusCollab
        </button>
        {loading ? (
          <div className="ml-auto flex items-center gap-3" aria-label="Loading account">
            <Skeleton className="hidden h-8 w-96 lg:block" />
            <Skeleton className="h-8 w-8 rounded-full" />
          </div>
        ) : user ? (
          <>
            <ul className="ml-4 hidden items-center gap-1 lg:flex">{links}</ul>
            <div className="ml-auto flex items-center gap-2">
              <Suspense fallback={<Skeleton className="h-8 w-8 rounded-full" />}>
                <UserMenu
                  name={profile?.name ?? user.email}
                  picture={profile?.profilePicture ?? null}
                  onProfile={() => go('edit-profile')}
                  onSettings={() => go('settings')}
                  onLogOut={() => void logOut()}
                />
              </Suspense>
              <button
                type="button"
                className="rounded-md p-2 text-gray-700 hover:bg-gray-100 lg:hidden"
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
                aria-label={menuOpen ? 'Close menu' : 'Open menu'}
                onClick={() => setMenuOpen((open) => !open)}
              >
                {menuOpen ? (
                  <X aria-hidden="true" className="h-6 w-6" />
                ) : (
                  <Menu aria-hidden="true" className="h-6 w-6" />
                )}
              </button>
            </div>
          </>
        ) : (
          <Button className="ml-auto" onClick={() => go('auth')}>
            Log In
          </Button>
        )}
      </nav>
      {user && menuOpen && (
        <ul id="mobile-menu" className="space-y-1 border-t border-gray-200 px-4 py-3 lg:hidden">
          {links}
        </ul>
      )}
    </header>
  );
}
