import { useMutation } from '@tanstack/react-query';
import type { ReportInput } from '@campuscollab/sdk';
import { client } from '../../../lib/client';

/** What became of a report: stored now, or stored before (the server keeps one per target). */
export type ReportOutcome = 'stored' | 'already-reported';

export async function sendReport(input: ReportInput): Promise<ReportOutcome> {
  const { error } = await client.safety.report(input);
  if (!error) return 'stored';
  if (error.code === 'REPORT_EXISTS') return 'already-reported';
  throw error;
}

export function useSendReport() {
  return useMutation({ mutationFn: sendReport });
}
