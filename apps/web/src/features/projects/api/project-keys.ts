import type { ProjectFilters } from '../types';

/**
 * Every TanStack Query key of projects (docs/architecture.md §6): the queries read with them and
 * the mutations invalidate them. Each key starts with `all`, so invalidating `all` refreshes every
 * list and count.
 */
export const projectKeys = {
  all: ['projects'] as const,
  open: (filters: ProjectFilters) => [...projectKeys.all, 'open', filters] as const,
  ownOpenCount: (userId: string | undefined) =>
    [...projectKeys.all, 'own-open-count', userId] as const,
  /** One project by id, for its page. */
  detail: (id: string) => [...projectKeys.all, 'detail', id] as const,
  /** A student's Open projects, for their profile page. */
  openBy: (userId: string) => [...projectKeys.all, 'open-by', userId] as const,
};
