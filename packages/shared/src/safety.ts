import { z } from 'zod';
import {
  REPORT_DETAILS_MAX,
  REPORT_REASONS,
  REPORT_RESOLUTION_NOTE_MAX,
  REPORT_TARGET_KINDS,
} from './safety-constants';

/** What a student sends to report a profile, project or message; the form applies it too. */
export const reportBody = z.strictObject({
  target_kind: z.enum(REPORT_TARGET_KINDS, {
    error: 'target_kind must be profile, project or message',
  }),
  target_id: z.string().trim().min(1, 'target_id is required').max(64),
  reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
  details: z
    .string()
    .trim()
    .max(REPORT_DETAILS_MAX, `Details must be at most ${REPORT_DETAILS_MAX} characters`)
    .transform((value) => value || null)
    .nullish(),
});
export type ReportInput = z.input<typeof reportBody>;

/** An operator's resolution of a report. */
export const resolveReportBody = z.strictObject({
  note: z
    .string()
    .trim()
    .max(
      REPORT_RESOLUTION_NOTE_MAX,
      `note must be at most ${REPORT_RESOLUTION_NOTE_MAX} characters`,
    )
    .default(''),
});
