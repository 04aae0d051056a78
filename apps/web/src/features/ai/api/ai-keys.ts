/**
 * Every TanStack Query key of the AI helpers (docs/architecture.md §6). Each key starts with
 * `all`.
 */
export const aiKeys = {
  all: ['ai'] as const,
  /** Whether the server has AI configured; the AI buttons show only when it says so. */
  status: () => [...aiKeys.all, 'status'] as const,
};
