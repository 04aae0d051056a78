import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { useAuth } from '../../auth/use-auth';
import { profileKeys } from './profile-keys';

/** docs/product.md §7.2: users list where userId, limit 1 (own record / profile check). */
export async function getOwnProfile(userId: string): Promise<UserRecord | null> {
  const { data, error } = await client.tables.from('users').list({ where: { userId }, limit: 1 });
  if (error) throw error;
  return data?.[0] ?? null;
}

export const ownProfileQuery = (userId: string | undefined) => ({
  queryKey: profileKeys.ownOf(userId),
  queryFn: () => getOwnProfile(userId!),
  enabled: Boolean(userId),
});

/** The signed-in student's profile: undefined while loading, null when there is none yet. */
export function useOwnProfile() {
  const { user } = useAuth();
  return useQuery(ownProfileQuery(user?.id));
}
