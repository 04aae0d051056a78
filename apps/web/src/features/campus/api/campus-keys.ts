import type { MatchQuery } from '@campuscollab/sdk';

/** Every TanStack Query key of recommendations (docs/architecture.md §6). */
export const campusKeys = {
  all: ['recommended'] as const,
  projects: (userId: string, query: MatchQuery) =>
    [...campusKeys.all, 'projects', userId, query] as const,
  people: (userId: string, query: MatchQuery) =>
    [...campusKeys.all, 'people', userId, query] as const,
};
