import type { ReportReason, ReportTargetKind } from '@campuscollab/shared/core';
import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { Result } from '../http/result';

export interface ReportInput {
  targetKind: ReportTargetKind;
  /** A project's or message's id; for a profile, the student's account id. */
  targetId: string;
  reason: ReportReason;
  details?: string;
}

export interface StoredReport {
  id: string;
  target_kind: ReportTargetKind;
  target_id: string;
  reason: ReportReason;
  details: string | null;
  status: 'open' | 'resolved';
  created_at: string;
}

/** Reports (POST /api/safety/{project}/reports); blocks are the `blocks` table. */
export function createSafetyClient(deps: { api: ApiClient; projectId: string }) {
  return {
    /**
     * Reports something the student can see. A second report of the same target answers 409
     * REPORT_EXISTS; a target they cannot see, 404.
     */
    report(input: ReportInput): Promise<Result<StoredReport>> {
      return deps.api.request({
        method: 'POST',
        path: `/api/safety/${encodeURIComponent(deps.projectId)}/reports`,
        body: {
          target_kind: input.targetKind,
          target_id: input.targetId,
          reason: input.reason,
          details: input.details ?? null,
        },
        auth: 'required',
        kind: SdkErrorKind.database,
      });
    },
  };
}

export type SafetyClient = ReturnType<typeof createSafetyClient>;
