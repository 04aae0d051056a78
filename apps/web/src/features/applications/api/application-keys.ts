/**
 * Every TanStack Query key of applications (docs/architecture.md §6): the queries read with them,
 * and mutations and live events invalidate them. Each key starts with `all`, so invalidating
 * `all` refreshes both lists, the pending count and the Apply buttons.
 */
export const applicationKeys = {
  all: ['applications'] as const,
  own: (userId: string | undefined) => [...applicationKeys.all, 'own', userId] as const,
  received: (userId: string | undefined) => [...applicationKeys.all, 'received', userId] as const,
  pendingCount: (userId: string | undefined) =>
    [...applicationKeys.all, 'pending-count', userId] as const,
  applied: (userId: string | undefined, projectIds: string[]) =>
    [...applicationKeys.all, 'applied', userId, projectIds] as const,
};
