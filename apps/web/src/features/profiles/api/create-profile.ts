import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { profileKeys } from './profile-keys';

/** The 'Complete Your Profile' fields, already validated with `completeProfileForm`. */
export interface NewProfile {
  name: string;
  university: string;
  city?: string | null;
  role: string;
  /** A referrer's code; the server drops unknown codes and one's own, and credits the referrer. */
  referredBy?: string | null;
}

/**
 * docs/product.md §7.2: users create. The server assigns the id, the referral code and the count,
 * and gives the referral credit (§10.1: never the browser).
 */
export async function createProfile(profile: NewProfile): Promise<UserRecord> {
  const { data, error } = await client.tables.from('users').create({
    name: profile.name,
    university: profile.university,
    city: profile.city ?? null,
    role: profile.role,
    referredBy: profile.referredBy ?? null,
  });
  if (error) throw error;
  return data;
}

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: profileKeys.create(),
    mutationFn: createProfile,
    // The header and every page read the own profile from this key (get-own-profile.ts).
    onSuccess: async (profile) => {
      queryClient.setQueryData(profileKeys.ownOf(profile.userId), profile);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
