import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@campuscollab/sdk';
import { LEADERBOARD_SIZE } from '@campuscollab/shared';
import { client } from '../../../lib/client';
import { leaderboardKeys } from './leaderboard-keys';

/** What the leaderboard shows of each student; the rest of a profile is not fetched. */
const ENTRY_COLUMNS = [
  'id',
  'userId',
  'name',
  'profilePicture',
  'skills',
  'referralCount',
] as const satisfies (keyof UserRecord)[];

export type LeaderboardEntry = Pick<UserRecord, (typeof ENTRY_COLUMNS)[number]>;

/**
 * docs/product.md §7.2: users where university, ordered by referralCount descending, limit 100;
 * rank is the position in this list. Ties go to whoever joined first, so ranks stay stable.
 */
export async function listCampusLeaderboard(university: string): Promise<LeaderboardEntry[]> {
  const { data, error } = await client.tables.from('users').list({
    columns: [...ENTRY_COLUMNS],
    where: { university },
    order: [
      { column: 'referralCount', ascending: false },
      { column: 'createdAt', ascending: true },
    ],
    limit: LEADERBOARD_SIZE,
  });
  if (error) throw error;
  return data ?? [];
}

export const campusLeaderboardQuery = (university: string | undefined) => ({
  queryKey: leaderboardKeys.campus(university),
  queryFn: () => listCampusLeaderboard(university!),
  enabled: Boolean(university),
});

/** The leaderboard of one university; the dashboard's campus rank reads the same cache entry. */
export function useCampusLeaderboard(university: string | undefined) {
  return useQuery(campusLeaderboardQuery(university));
}
