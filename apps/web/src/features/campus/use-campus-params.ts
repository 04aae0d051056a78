import { useCallback } from 'react';
import type { PageName } from '../../app/pages';
import { useNavigation } from '../../lib/navigation';
import { readScope, readSort, type CampusScope, type ListSort } from './scope';

/**
 * A list page's scope and sort, kept in its address (`?scope=&sort=`) so a reload and Back
 * return to the same choice (lib/navigation.tsx). The defaults stay out of the address.
 */
export function useCampusParams(page: PageName) {
  const { params, navigate } = useNavigation();
  const scope = readScope(params.scope);
  const sort = readSort(params.sort);
  const set = useCallback(
    (key: 'scope' | 'sort', value: string, fallback: string) => {
      const next = { ...params };
      if (value === fallback) delete next[key];
      else next[key] = value;
      navigate(page, next, { replace: true });
    },
    [params, navigate, page],
  );
  return {
    scope,
    sort,
    setScope: (value: CampusScope) => set('scope', value, 'all'),
    setSort: (value: ListSort) => set('sort', value, 'newest'),
  };
}
