import { formatNumber } from '../../lib/format';

/** The 1-based position of the account in the leaderboard, or null when it is not listed. */
export function findRank(entries: readonly { userId: string }[], userId: string): number | null {
  const index = entries.findIndex((entry) => entry.userId === userId);
  return index === -1 ? null : index + 1;
}

/** '#N' on the dashboard and the leaderboard; the fallback text differs between the two. */
export function formatRank(rank: number | null, fallback: string): string {
  return rank === null ? fallback : `#${formatNumber(rank)}`;
}
