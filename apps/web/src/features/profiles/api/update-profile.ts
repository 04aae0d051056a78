import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { profileKeys } from './profile-keys';

/** Profile payload of docs/product.md §7.2 (skill and interest lists; the server encodes them). */
export interface ProfileChanges {
  name?: string;
  bio?: string | null;
  portfolioLink?: string | null;
  profilePicture?: string | null;
  instagramHandle?: string | null;
  linkedinUrl?: string | null;
  contactEmail?: string | null;
  skills?: string[];
  interests?: string[];
}

/** users update by id; updatedAt is set by the server on every save, so it is not sent. */
export async function updateProfile(
  profileId: string,
  changes: ProfileChanges,
): Promise<UserRecord> {
  const { data, error } = await client.tables.from('users').update(profileId, changes);
  if (error) throw error;
  if (!data) throw new Error('Profile not found');
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, changes }: { profileId: string; changes: ProfileChanges }) =>
      updateProfile(profileId, changes),
    onSuccess: (profile) => {
      queryClient.setQueryData(profileKeys.ownOf(profile.userId), profile);
      // One's own profile page shows the saved fields at once too.
      queryClient.setQueryData(profileKeys.ofUser(profile.userId), profile);
      return queryClient.invalidateQueries({ queryKey: profileKeys.own() });
    },
  });
}
