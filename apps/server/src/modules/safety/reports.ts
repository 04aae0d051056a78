import type { Kysely, Selectable } from 'kysely';
import { ErrorCode, type ReportInput, type SafetyReport } from '@campuscollab/shared';
import type { Database, ReportsTable } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { generateRowId } from '../table-api/tables/ids';
import type { ReportTarget } from './report-targets';

type ValidReport = { [K in keyof ReportInput]-?: Exclude<ReportInput[K], undefined> } & {
  details: string | null;
};

/** What the reporter is answered: their report, without the operators' columns. */
export const forReporter = (report: Selectable<ReportsTable>) => ({
  id: report.id,
  target_kind: report.target_kind,
  target_id: report.target_id,
  reason: report.reason,
  details: report.details,
  status: report.status,
  created_at: report.created_at,
});

/**
 * Stores a report, once per reporter and target: a second one is a 409 that stores and tells
 * nothing. The unique key decides, so two reports sent at once still make one.
 */
export async function storeReport(
  db: Kysely<Database>,
  reporterId: string,
  input: ValidReport,
  target: ReportTarget,
): Promise<Selectable<ReportsTable>> {
  const stored = await db
    .insertInto('reports')
    .values({
      id: generateRowId('report'),
      reporter_id: reporterId,
      target_kind: input.target_kind,
      target_id: input.target_id,
      target_owner_id: target.ownerId,
      reason: input.reason,
      details: input.details,
      status: 'open',
      created_at: new Date().toISOString(),
      resolved_at: null,
      resolution_note: null,
    })
    .onConflict((conflict) =>
      conflict.columns(['reporter_id', 'target_kind', 'target_id']).doNothing(),
    )
    .returningAll()
    .executeTakeFirst();
  if (!stored) {
    throw new HttpError(409, 'REPORT_EXISTS', 'You have already reported this');
  }
  return stored;
}

export async function listReports(
  db: Kysely<Database>,
  query: { status?: 'open' | 'resolved'; limit: number; offset: number },
): Promise<SafetyReport[]> {
  let select = db.selectFrom('reports').selectAll();
  if (query.status) select = select.where('status', '=', query.status);
  return (await select
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(query.limit)
    .offset(query.offset)
    .execute()) as SafetyReport[];
}

/** Resolves an open report; a resolved one keeps its first resolution (409). */
export async function resolveReport(
  db: Kysely<Database>,
  id: string,
  note: string,
): Promise<SafetyReport> {
  const resolved = await db
    .updateTable('reports')
    .set({
      status: 'resolved',
      resolved_at: new Date().toISOString(),
      resolution_note: note || null,
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .returningAll()
    .executeTakeFirst();
  if (resolved) return resolved as SafetyReport;
  const exists = await db
    .selectFrom('reports')
    .select('id')
    .where('id', '=', id)
    .executeTakeFirst();
  if (!exists) throw new HttpError(404, ErrorCode.notFound, 'No such report');
  throw new HttpError(409, ErrorCode.conflict, 'This report is already resolved');
}
