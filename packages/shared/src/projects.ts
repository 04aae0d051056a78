import { z } from 'zod';
import { optionalText, requiredText, tagList } from './fields';

/** Skill filter on Explore (docs/product.md §3.10). */
export const PROJECT_SKILL_FILTERS = [
  'Coding',
  'Design',
  'Writing',
  'Business',
  'Video',
  'Marketing',
  'Photography',
  'Music',
  'Research',
  'Data Analysis',
] as const;

/** The 15 skill suggestions on Post a Project, of which 8 are shown (docs/product.md §3.10). */
export const SUGGESTED_PROJECT_SKILLS = [
  'Coding',
  'Design',
  'Writing',
  'Marketing',
  'Video Editing',
  'Photography',
  'Music',
  'Research',
  'Data Analysis',
  'Business Strategy',
  'UI/UX Design',
  'Web Development',
  'Mobile Development',
  'Social Media',
  'Public Speaking',
] as const;
export const SUGGESTED_SKILLS_SHOWN = 8;

export const PROJECT_STATUSES = ['Open', 'Closed'] as const;
export const APPLICATION_STATUSES = ['Pending', 'Accepted', 'Declined'] as const;
/** The fixed application text (docs/product.md §5.8). */
export const APPLICATION_MESSAGE = 'I would like to join this project!';
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

/** Project text limits (docs/product.md §5.6), shared by the schema and Post a Project's fields. */
export const PROJECT_TITLE_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const PROJECT_TIMELINE_MAX = 100;

export const projectFields = {
  title: requiredText(PROJECT_TITLE_MAX, REQUIRED_FIELDS_MESSAGE),
  description: requiredText(PROJECT_DESCRIPTION_MAX, REQUIRED_FIELDS_MESSAGE),
  timeline: optionalText(PROJECT_TIMELINE_MAX),
  skills_needed: tagList,
  status: z.enum(PROJECT_STATUSES),
};

export const applicationFields = {
  project_id: z.string().min(1).max(64),
  message: requiredText(500, 'A message is required'),
  status: z.enum(APPLICATION_STATUSES),
};
