/** Every TanStack Query key of the leaderboard (docs/architecture.md §6). */
export const leaderboardKeys = {
  all: ['leaderboard'] as const,
  campus: (university: string | undefined) => [...leaderboardKeys.all, university] as const,
};
