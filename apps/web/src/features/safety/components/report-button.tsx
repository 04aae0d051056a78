import { REPORT_DETAILS_MAX, REPORT_REASONS, type ReportTargetKind } from '@campuscollab/shared';
import { CheckCircle2, Flag } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../../../components/ui/dialog';
import { useSendReport, type ReportOutcome } from '../api/report';

const WHAT: Record<ReportTargetKind, string> = {
  profile: 'profile',
  project: 'project',
  message: 'message',
};

/**
 * "Report" and its dialog: a reason from the fixed list, optional details, then thanks. Takes
 * plain props so any screen can place it (a message, a project page, a profile page).
 */
export function ReportButton({
  targetKind,
  targetId,
  targetName,
  size = 'sm',
}: {
  targetKind: ReportTargetKind;
  /** A project's or message's id; for a profile, the student's account id. */
  targetId: string;
  /** Said in the dialog's title and the button's accessible name. */
  targetName: string;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size={size} aria-label={`Report ${WHAT[targetKind]} ${targetName}`}>
          <Flag aria-hidden="true" className="h-4 w-4" />
          Report
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Report this ${WHAT[targetKind]}`}
        description="Tell us what is wrong. The student you report is not told who reported them."
      >
        {open && <ReportForm targetKind={targetKind} targetId={targetId} />}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ targetKind, targetId }: { targetKind: ReportTargetKind; targetId: string }) {
  const send = useSendReport();
  const [reason, setReason] = useState<string>('');
  const [details, setDetails] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const [outcome, setOutcome] = useState<ReportOutcome | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = REPORT_REASONS.find((known) => known === reason);
    if (!chosen) {
      setMissingReason(true);
      return;
    }
    setMissingReason(false);
    send.mutate(
      { targetKind, targetId, reason: chosen, details: details.trim() || undefined },
      {
        onSuccess: setOutcome,
        onError: (error) => console.error('Error sending report:', error),
      },
    );
  };

  if (outcome) {
    return (
      <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
        <CheckCircle2 aria-hidden="true" className="h-12 w-12 text-green-600" />
        <p className="text-lg font-semibold text-gray-900">
          {outcome === 'stored'
            ? 'Thanks, we’ll review this report.'
            : 'You already reported this. We’ll review it.'}
        </p>
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
      </div>
    );
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset aria-describedby={missingReason ? 'report-reason-error' : undefined}>
        <legend className="text-sm font-medium text-gray-900">Reason</legend>
        <div className="mt-2 space-y-2">
          {REPORT_REASONS.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm text-gray-900">
              <input
                type="radio"
                name="report-reason"
                value={option}
                checked={reason === option}
                onChange={() => setReason(option)}
                className="h-4 w-4 accent-brand-600"
              />
              {option}
            </label>
          ))}
        </div>
        {missingReason && (
          <p id="report-reason-error" className="mt-1 text-sm text-red-700">
            Choose a reason
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Details (optional)"
        rows={4}
        value={details}
        maxLength={REPORT_DETAILS_MAX}
        onChange={(event) => setDetails(event.target.value)}
        hint={`${details.length}/${REPORT_DETAILS_MAX}`}
      />
      {send.isError && <Alert tone="error">{describeReportError(send.error)}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button variant="secondary">Cancel</Button>
        </DialogClose>
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Report'}
        </Button>
      </div>
    </form>
  );
}

function describeReportError(error: unknown): string {
  const status = (error as { status?: number } | null)?.status;
  if (status === 429) return 'You have sent many reports recently. Please try again later.';
  if (status === 404) return 'This is no longer available to report.';
  return 'Error sending report. Please try again.';
}
