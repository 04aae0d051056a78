import type { CollaboratorSearch } from './list-collaborators';

/** Every TanStack Query key of Find Collaborators (docs/architecture.md §6). */
export const collaboratorKeys = {
  all: ['collaborators'] as const,
  search: ({ me, search, role, scope }: CollaboratorSearch) =>
    [...collaboratorKeys.all, me.userId, search.trim(), role, scope] as const,
};
