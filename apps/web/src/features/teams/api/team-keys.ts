/** TanStack Query keys of teams; each starts with `all`, so one invalidation refreshes them all. */
export const teamKeys = {
  all: ['teams'] as const,
  mine: (userId: string | undefined) => [...teamKeys.all, 'mine', userId] as const,
  team: (projectId: string) => [...teamKeys.all, 'team', projectId] as const,
};
