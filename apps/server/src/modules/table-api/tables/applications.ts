import { sql, type Selectable } from 'kysely';
import { applicationsColumnRules, applicationsTable } from '@campuscollab/shared';
import type { ApplicationsTable } from '../../../db/schema';
import { refuse } from './refusals';
import { generateRowId } from './ids';
import type { PolicyContext, Row, TableExpressions, TablePolicy } from './types';
import { defineQuery } from '../../../db/compiled-queries/define-query';
import { dynamicDb } from '../table-request';
import { inBlockWith } from './visibility';

const ownsTheProject = (eb: TableExpressions, userId: string) =>
  eb.exists(
    eb
      .selectFrom('projects')
      .select('projects.id')
      .whereRef('projects.id', '=', 'applications.project_id')
      .where('projects.posted_by_id', '=', userId),
  );

/**
 * Everything an application is checked against, in one query: on PostgreSQL each query is a
 * round trip that holds a pooled connection inside the write's transaction.
 */
const applyChecksQuery = defineQuery((db, [projectId, userId]: [string, string]) =>
  dynamicDb({ db })
    .selectFrom('projects')
    .select((eb) => [
      'projects.posted_by_id',
      'projects.status',
      'projects.hidden_at',
      sql<boolean>`${inBlockWith(eb, 'projects.posted_by_id', userId)}`.as('blocked'),
      eb
        .exists(
          eb
            .selectFrom('applications')
            .select('applications.id')
            .whereRef('applications.project_id', '=', 'projects.id')
            .where('applications.applicant_id', '=', userId),
        )
        .as('applied'),
    ])
    .where('projects.id', '=', projectId),
);

/**
 * The owner of each project a write's checks read, kept for its afterInsert: the event names the
 * owner, and reading it again in the transaction was a round trip per apply on PostgreSQL. Held
 * by the write's context, so it ends with the write. A project's owner never changes.
 */
const ownersSeen = new WeakMap<PolicyContext, Map<string, string>>();

function rememberOwner(context: PolicyContext, projectId: string, ownerId: string) {
  const owners = ownersSeen.get(context) ?? new Map<string, string>();
  owners.set(projectId, ownerId);
  ownersSeen.set(context, owners);
}

/**
 * Applications: seen by the applicant and the project's owner. The owner decides (Accepted or
 * Declined) while it is Pending; the applicant may withdraw (delete) while it is Pending. One per
 * project and applicant. An Accepted application is a place on the team: it ends only through
 * the team routes (modules/teams/leave.ts), which also end the member's realtime access at once.
 */
export const applicationsPolicy: TablePolicy = {
  name: applicationsTable.name,
  primaryKey: applicationsTable.primaryKey,
  uniqueKeys: [['id'], ['project_id', 'applicant_id']],
  columns: applicationsColumnRules,
  canRead: (eb, user) =>
    eb.or([eb('applications.applicant_id', '=', user.id), ownsTheProject(eb, user.id)]),
  canUpdate: (eb, user) =>
    eb.and([ownsTheProject(eb, user.id), eb('applications.status', '=', 'Pending')]),
  canDelete: (eb, user) =>
    eb.and([
      eb('applications.applicant_id', '=', user.id),
      eb('applications.status', '=', 'Pending'),
    ]),

  async prepareInsert(row, context) {
    const { user, rows, now } = context;
    const [project] = await rows(applyChecksQuery, [String(row.project_id), user.id]);
    // A hidden project is one the applicant cannot see: answered as if it were not there.
    if (!project || project.status !== 'Open' || project.hidden_at !== null) {
      throw refuse.missingReference('This project does not exist or is not open for applications');
    }
    if (project.posted_by_id === user.id) {
      throw refuse.forbidden('You cannot apply to your own project');
    }
    // Neutral words, as for messages (messages.ts): the block itself is never named.
    if (project.blocked) {
      throw refuse.forbidden('You can’t apply to this project');
    }
    if (project.applied) {
      throw refuse.duplicate(
        'You have already applied to this project',
        'project_id, applicant_id',
      );
    }
    rememberOwner(context, String(row.project_id), String(project.posted_by_id));
    return {
      ...row,
      id: row.id ?? generateRowId('application'),
      applicant_id: user.id,
      status: 'Pending',
      created_at: now,
      updated_at: now,
    };
  },
  // One event per stored application: a duplicate id that stored nothing tells nobody. Every
  // stored row passed prepareInsert, which read its project's owner.
  async afterInsert(written, context) {
    const owners = ownersSeen.get(context);
    for (const application of written) {
      const projectOwnerId = owners?.get(String(application.project_id));
      if (!projectOwnerId) continue;
      context.emitAfterCommit('application.created', {
        application: application as Selectable<ApplicationsTable>,
        projectOwnerId,
      });
    }
  },
  prepareUpdate: (patch, { now }) => ({ ...patch, updated_at: now }),
  afterUpdate(before, after, { emitAfterCommit }) {
    const previous = new Map(before.map((row: Row) => [row.id, row.status]));
    for (const row of after) {
      const previousStatus = String(previous.get(row.id) ?? '');
      if (previousStatus === row.status) continue;
      emitAfterCommit('application.updated', {
        application: row as Selectable<ApplicationsTable>,
        previousStatus,
      });
    }
  },
};
