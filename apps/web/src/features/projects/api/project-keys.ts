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
};
