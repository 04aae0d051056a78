import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { toPageName, type PageName } from '../app/pages';

export interface Location {
  page: PageName;
  /** Extra state a page carries in the address (the auth tab, a notice). */
  params: Record<string, string>;
}

export interface Navigation extends Location {
  navigate(page: PageName, params?: Record<string, string>, options?: { replace?: boolean }): void;
}

const NavigationContext = createContext<Navigation | null>(null);

function readLocation(): Location {
  const search = new URLSearchParams(window.location.search);
  const page = toPageName(search.get('page'));
  search.delete('page');
  return { page, params: Object.fromEntries(search) };
}

/** The address of a page: `/?page=explore`, `/?page=project&id=...`; landing alone is `/`. */
export function pageAddress(page: PageName, params: Record<string, string> = {}): string {
  const search = new URLSearchParams({ page, ...params });
  return page === 'landing' && Object.keys(params).length === 0 ? '/' : `/?${search}`;
}

/**
 * Pages are in-memory names (docs/product.md §2.1), mirrored into the browser history as `?page=`,
 * so Back and Forward move between pages and a reload stays on the page.
 */
export function NavigationProvider({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(readLocation);

  useEffect(() => {
    const onPopState = () => setLocation(readLocation());
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, []);

  const navigate = useCallback<Navigation['navigate']>((page, params = {}, options = {}) => {
    const next = { page, params };
    const url = pageAddress(page, params);
    if (options.replace) window.history.replaceState(null, '', url);
    else window.history.pushState(null, '', url);
    setLocation(next);
    window.scrollTo({ top: 0 });
  }, []);

  const value = useMemo(() => ({ ...location, navigate }), [location, navigate]);
  return <NavigationContext.Provider value={value}>{children}</NavigationContext.Provider>;
}

/** The navigation, or null outside a NavigationProvider (a component rendered on its own). */
export function useOptionalNavigation(): Navigation | null {
  return useContext(NavigationContext);
}

export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation needs a NavigationProvider');
  return navigation;
}
