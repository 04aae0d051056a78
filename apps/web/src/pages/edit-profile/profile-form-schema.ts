import type { UserRecord } from '@campuscollab/sdk';
import { decodeTagList, profileFields } from '@campuscollab/shared';
import type { ProfileChanges } from '../../features/profiles/api/update-profile';

/** What the edit form holds: text as typed, lists as chips. */
export interface ProfileFormValues {
  name: string;
  bio: string;
  portfolioLink: string;
  instagramHandle: string;
  linkedinUrl: string;
  contactEmail: string;
  skills: string[];
  interests: string[];
}

export type ProfileFormErrors = Partial<Record<keyof ProfileFormValues, string>>;

// The server applies the same rules (packages/shared), so what passes here is what it accepts.
const RULES = {
  name: profileFields.name,
  bio: profileFields.bio,
  portfolioLink: profileFields.portfolio_link,
  instagramHandle: profileFields.instagram_handle,
  linkedinUrl: profileFields.linkedin_url,
  contactEmail: profileFields.contact_email,
  skills: profileFields.skills,
  interests: profileFields.interests,
} as const;

export function toFormValues(profile: UserRecord): ProfileFormValues {
  return {
    name: profile.name ?? '',
    bio: profile.bio ?? '',
    portfolioLink: profile.portfolioLink ?? '',
    instagramHandle: profile.instagramHandle ?? '',
    linkedinUrl: profile.linkedinUrl ?? '',
    contactEmail: profile.contactEmail ?? '',
    skills: decodeTagList(profile.skills),
    interests: decodeTagList(profile.interests),
  };
}

/** The payload to save, or the first message per field that fails. */
export function validateProfileForm(
  values: ProfileFormValues,
): { changes: ProfileChanges; errors: null } | { changes: null; errors: ProfileFormErrors } {
  const changes: Record<string, unknown> = {};
  const errors: ProfileFormErrors = {};
  for (const field of Object.keys(RULES) as (keyof ProfileFormValues)[]) {
    const parsed = RULES[field].safeParse(values[field]);
    if (parsed.success) changes[field] = parsed.data;
    else errors[field] = parsed.error.issues[0]?.message ?? 'Invalid value';
  }
  return Object.keys(errors).length > 0
    ? { changes: null, errors }
    : { changes: changes as ProfileChanges, errors: null };
}
