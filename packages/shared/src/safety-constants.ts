/**
 * Reports and blocks (docs/product.md, safety): the fixed reasons a student picks from, what may
 * be reported, and the wire shape operators read. Zod-free, for the core entry.
 */
export const REPORT_REASONS = [
  'Spam',
  'Harassment',
  'Inappropriate content',
  'Impersonation',
  'Other',
] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** A profile is named by its account id (users.user_id), as blocks and messages name people. */
export const REPORT_TARGET_KINDS = ['profile', 'project', 'message'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

export const REPORT_DETAILS_MAX = 1000;
export const REPORT_RESOLUTION_NOTE_MAX = 1000;

export type ReportStatus = 'open' | 'resolved';

/** A report as the operator API answers it. */
export interface SafetyReport {
  id: string;
  /** Null once the reporter deleted their account. */
  reporter_id: string | null;
  target_kind: ReportTargetKind;
  target_id: string;
  /** The account the target belongs to; null once that account is deleted. */
  target_owner_id: string | null;
  reason: ReportReason;
  details: string | null;
  status: ReportStatus;
  created_at: string;
  resolved_at: string | null;
  resolution_note: string | null;
}
