import { z } from 'zod';
import { optionalHttpUrl, optionalText, requiredText, tagList } from './fields';

/** Role options at sign-up (docs/product.md §3.10). */
export const PROFILE_ROLES = [
  'Student',
  'Mentor',
  'Developer',
  'Designer',
  'Marketer',
  'Writer',
  'Researcher',
  'Other',
] as const;
export type ProfileRole = (typeof PROFILE_ROLES)[number];

export const POPULAR_SKILLS = [
  'JavaScript',
  'Python',
  'React',
  'Node.js',
  'UI/UX Design',
  'Graphic Design',
  'Content Writing',
  'Marketing',
  'Business Strategy',
  'Data Analysis',
  'Machine Learning',
  'Mobile Development',
  'Web Development',
  'Photography',
  'Video Editing',
  'Project Management',
  'Social Media',
  'SEO',
  'Copywriting',
] as const;

export const POPULAR_INTERESTS = [
  'Technology',
  'Design',
  'Business',
  'Marketing',
  'Education',
  'Healthcare',
  'Environment',
  'Social Impact',
  'Gaming',
  'Music',
  'Art',
  'Sports',
  'Travel',
  'Food',
  'Fashion',
  'Finance',
  'Real Estate',
  'Entertainment',
] as const;

/** Notification switches are stored as text '1' or '0' (docs/product.md §5.9); on when above 0. */
export const notificationFlag = z
  .union([z.enum(['1', '0']), z.number(), z.boolean()])
  .transform((value) =>
    value === true || value === '1' || (typeof value === 'number' && value > 0) ? '1' : '0',
  );

export function isNotificationOn(stored: string | number | null | undefined): boolean {
  return Number(stored ?? 1) > 0;
}

/** Referral codes: letters and digits (docs/product.md §3.5 builds them from name and number). */
export const referralCode = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[\p{L}\p{N}]{1,24}$/u, 'Referral codes are letters and digits')
  .nullable();

/** Every profile field a student may write, with the rules both the form and the server apply. */
export const profileFields = {
  name: requiredText(100, 'Full name is required'),
  university: requiredText(150, 'University is required'),
  city: optionalText(100),
  role: z.enum(PROFILE_ROLES, { error: `Role must be one of ${PROFILE_ROLES.join(', ')}` }),
  skills: tagList,
  interests: tagList,
  bio: optionalText(1000),
  profile_picture: optionalHttpUrl,
  instagram_handle: z
    .string()
    .trim()
    .transform((value) => value.replace(/^@/, ''))
    .refine(
      (value) => /^[\w.]{0,30}$/.test(value),
      'Instagram handles are letters, digits, . and _',
    )
    .transform((value) => value || null)
    .nullable(),
  linkedin_url: optionalHttpUrl,
  contact_email: z
    .string()
    .trim()
    .max(254)
    .refine(
      (value) => value === '' || z.email().safeParse(value).success,
      'Please enter a valid email address',
    )
    .transform((value) => value || null)
    .nullable(),
  portfolio_link: optionalHttpUrl,
  referred_by: referralCode,
  email_notifications: notificationFlag,
  project_notifications: notificationFlag,
  collaboration_notifications: notificationFlag,
};

/** 'Complete Your Profile' (docs/product.md §5.3): name, university and role required. */
export const completeProfileForm = z.object({
  name: profileFields.name,
  university: profileFields.university,
  city: profileFields.city.optional(),
  role: profileFields.role,
  referred_by: profileFields.referred_by.optional(),
});
