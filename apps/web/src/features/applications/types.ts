import type { ApplicationRecord } from '@campuscollab/sdk';

/** An application with the names a list shows beside it. */
export interface ApplicationView extends ApplicationRecord {
  /** Null when the project is no longer visible (closed or deleted). */
  projectTitle: string | null;
  /** The applicant's profile name; null when they have no profile. */
  applicantName: string | null;
}

export type ApplicationDecision = 'Accepted' | 'Declined';
