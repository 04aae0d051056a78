import { useInfiniteQuery } from '@tanstack/react-query';
import { quoteFilterValue, type MatchScope, type UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { collaboratorKeys } from './collaborator-keys';

/** 12 cards a page, then 'Load more' (docs/product.md §10.7: lists grow a page at a time). */
export const COLLABORATORS_PAGE_SIZE = 12;
export const ALL_ROLES = 'all';

export interface CollaboratorSearch {
  /** The signed-in student: excluded from the list, and the campus the scope is centred on. */
  me: { userId: string; university: string; city: string | null };
  search: string;
  role: string;
  /** Everyone (the default), my university, or my university and my city. */
  scope: MatchScope;
}

export interface CollaboratorPage {
  people: UserRecord[];
  nextCursor: string | null;
}

/** docs/product.md §7.2 (users by createdAt descending), searched and filtered on the server. */
export async function listCollaborators(
  { me, search, role, scope }: CollaboratorSearch,
  cursor: string | null,
): Promise<CollaboratorPage> {
  const term = search.trim();
  const { data, error, nextCursor } = await client.tables.from('users').list({
    where: (filter) => {
      filter.neq('userId', me.userId);
      if (term) {
        const pattern = quoteFilterValue(`*${term}*`);
        filter.or(`name.ilike.${pattern},skills.ilike.${pattern},bio.ilike.${pattern}`);
      }
      if (role !== ALL_ROLES) filter.eq('role', role);
      // docs/product.md §2.11: everyone by default; "Nearby" is my campus and my city.
      if (scope === 'nearby' && me.city) {
        filter.or(
          `university.eq.${quoteFilterValue(me.university)},city.eq.${quoteFilterValue(me.city)}`,
        );
      } else if (scope !== 'all') {
        filter.eq('university', me.university);
      }
      return filter;
    },
    order: [{ column: 'createdAt', ascending: false }],
    limit: COLLABORATORS_PAGE_SIZE,
    cursor,
  });
  if (error) throw error;
  return { people: data ?? [], nextCursor };
}

export const collaboratorsQuery = (params: CollaboratorSearch) => ({
  queryKey: collaboratorKeys.search(params),
  queryFn: ({ pageParam }: { pageParam: string | null }) => listCollaborators(params, pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: CollaboratorPage) => last.nextCursor,
});

export function useCollaborators(params: CollaboratorSearch | null, enabled = true) {
  return useInfiniteQuery({
    ...collaboratorsQuery(
      params ?? {
        me: { userId: '', university: '', city: null },
        search: '',
        role: ALL_ROLES,
        scope: 'all',
      },
    ),
    enabled: params !== null && enabled,
  });
}
