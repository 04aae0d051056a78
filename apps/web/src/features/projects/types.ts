import type { ProjectRecord } from '@campuscollab/sdk';

/** A project as the server stores it (with the poster's campus, for Explore's filter). */
export type ProjectRow = ProjectRecord;

/** Explore's university filter (docs/product.md §2.9): same university, same city too, or all. */
export type UniversityScope = 'mine' | 'nearby' | 'all';

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
