import { useQuery } from '@tanstack/react-query';
import type { UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { profileKeys } from './profile-keys';

/**
 * A student's profile by their account id (the id projects name their poster by and messages
 * their recipient by), or null when they have none. The server leaves out what only the owner
 * may see (docs/product.md §6.2).
 */
export async function getProfile(userId: string): Promise<UserRecord | null> {
  const { data, error } = await client.tables.from('users').list({ where: { userId }, limit: 1 });
  if (error) throw error;
  return data?.[0] ?? null;
}

export const profileQuery = (userId: string | null) => ({
  queryKey: profileKeys.ofUser(userId ?? ''),
  queryFn: () => getProfile(userId!),
  enabled: userId !== null,
});

export function useProfile(userId: string | null) {
  return useQuery(profileQuery(userId));
}
