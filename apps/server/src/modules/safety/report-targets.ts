import type { Kysely } from 'kysely';
import { ErrorCode, type ReportTargetKind } from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { messagesPolicy } from '../table-api/tables/messages';
import { projectsPolicy } from '../table-api/tables/projects';
import type { DynamicDatabase, TableExpressions, TablePolicy } from '../table-api/tables/types';
import { usersPolicy } from '../table-api/tables/users';

/** What a report is about, as the reporter may see it. */
export interface ReportTarget {
  /** The account the target belongs to (the profile's, the poster's, the sender's). */
  ownerId: string;
  /** A line for the operator's email: a name, a title or a subject. */
  summary: string;
}

interface TargetLookup {
  policy: TablePolicy;
  idColumn: string;
  ownerColumn: string;
  summaryColumn: string;
  /** Reporting one's own is refused; for a message, one reports what one received. */
  ownWords: string;
}

const LOOKUPS: Record<ReportTargetKind, TargetLookup> = {
  profile: {
    policy: usersPolicy,
    idColumn: 'user_id',
    ownerColumn: 'user_id',
    summaryColumn: 'name',
    ownWords: 'You cannot report your own profile',
  },
  project: {
    policy: projectsPolicy,
    idColumn: 'id',
    ownerColumn: 'posted_by_id',
    summaryColumn: 'title',
    ownWords: 'You cannot report your own project',
  },
  message: {
    policy: messagesPolicy,
    idColumn: 'id',
    ownerColumn: 'sender_id',
    summaryColumn: 'subject',
    ownWords: 'You cannot report a message you sent',
  },
};

/**
 * The target as the reporter sees it, through the same read policy as the table API: what they
 * cannot read answers exactly as what does not exist, so a report never confirms that a hidden
 * row, or someone else's message, is there.
 */
export async function findReportTarget(
  db: Kysely<Database>,
  reporterId: string,
  kind: ReportTargetKind,
  id: string,
): Promise<ReportTarget> {
  const lookup = LOOKUPS[kind];
  const table = lookup.policy.name;
  const row = await (db as unknown as Kysely<DynamicDatabase>)
    .selectFrom(table)
    .select([
      `${table}.${lookup.ownerColumn} as owner`,
      `${table}.${lookup.summaryColumn} as summary`,
    ])
    .where(`${table}.${lookup.idColumn}`, '=', id)
    .where((eb) => lookup.policy.canRead(eb as TableExpressions, { id: reporterId }))
    .executeTakeFirst();
  if (!row) throw new HttpError(404, ErrorCode.notFound, `This ${kind} does not exist`);
  const ownerId = String(row.owner);
  if (ownerId === reporterId) throw new HttpError(400, ErrorCode.validation, lookup.ownWords);
  return { ownerId, summary: String(row.summary ?? '') };
}
