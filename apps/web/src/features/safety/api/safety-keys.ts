/** Every TanStack Query key of safety (docs/architecture.md §6). */
export const safetyKeys = {
  all: ['safety'] as const,
  blocks: (userId: string | undefined) => [...safetyKeys.all, 'blocks', userId] as const,
};
