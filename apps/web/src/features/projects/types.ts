import type { ProjectRecord } from '@campuscollab/sdk';

/**
 * A project as the server stores it (with the poster's campus, for Explore's filter); a
 * recommended one also says which skills matched.
 */
export type ProjectRow = ProjectRecord & { matches?: string[] };

/** Explore's university filter (docs/product.md §2.9): everyone, my university, or nearby. */
export type UniversityScope = 'all' | 'university' | 'nearby';

export interface ProjectFilters {
  search: string;
  /** A skill of PROJECT_SKILL_FILTERS, or '' for all skills. */
  skill: string;
  scope: UniversityScope;
  university: string | null;
  city: string | null;
}

export interface NewProject {
  title: string;
  description: string;
  timeline: string;
  skillsNeeded: string[];
}
