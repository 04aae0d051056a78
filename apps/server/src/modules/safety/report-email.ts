import type { Selectable } from 'kysely';
import type { ReportsTable } from '../../db/schema';
import { escapeHtml } from '../../lib/escape-html';
import type { Email } from '../../lib/mailer';
import { PRODUCT } from '../email/layout';
import type { ReportTarget } from './report-targets';

/**
 * The operator's notice of a new report: what, whose, why. No link at all (a mail client
 * would fetch or invite a click on student-written text) and no reporter: the operator API has
 * the rest. Student-written text is escaped in the HTML part and only ever in the body.
 */
/** Student-written text with its URLs broken, so no mail client turns them into links. */
const defang = (text: string) => text.replace(/:\/\//g, '[://]').replace(/\bwww\./gi, 'www[.]');

export function composeReportEmail(
  to: string,
  report: Selectable<ReportsTable>,
  target: ReportTarget,
  projectId: string,
): Email {
  const lines = [
    `A student reported a ${report.target_kind} (${report.reason}).`,
    `Target: ${report.target_kind} ${report.target_id}`,
    `Belongs to account: ${target.ownerId}`,
    `Summary: ${defang(target.summary)}`,
    `Details: ${report.details ? defang(report.details) : '(none)'}`,
    `Report id: ${report.id}`,
    `Review it with the operator API: GET /api/safety/${projectId}/reports?status=open`,
  ];
  return {
    to,
    subject: `${PRODUCT} report: ${report.reason} about a ${report.target_kind}`,
    text: lines.join('\n'),
    html: `<div>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</div>`,
  };
}
