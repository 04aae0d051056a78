import type { ExpressionBuilder } from 'kysely';
import type { TeamRole } from '@campuscollab/shared';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { Database } from '../../db/schema';

/** Whether `userId` holds an Accepted application to the project of the row being read. */
export const acceptedInto = (eb: ExpressionBuilder<Database, 'projects'>, userId: string) =>
  eb
    .exists(
      eb
        .selectFrom('applications')
        .select('applications.id')
        .whereRef('applications.project_id', '=', 'projects.id')
        .where('applications.applicant_id', '=', userId)
        .where('applications.status', '=', 'Accepted'),
    )
    .as('accepted');

/** SQLite answers EXISTS and other conditions as 0/1, PostgreSQL as a boolean. */
export const isTrue = (value: unknown) => value === true || Number(value) === 1;

/** The role of `userId` in a project, from its owner and whether they were accepted into it. */
export function roleOf(
  row: { posted_by_id: string; accepted: unknown },
  userId: string,
): TeamRole | null {
  if (row.posted_by_id === userId) return 'owner';
  return isTrue(row.accepted) ? 'member' : null;
}

const teamRoleQuery = defineQuery((db, [projectId, userId]: [string, string]) =>
  db
    .selectFrom('projects')
    .select((eb) => ['projects.posted_by_id', acceptedInto(eb, userId)])
    .where('projects.id', '=', projectId),
);

/**
 * The student's place in a project's team: its owner, an applicant the owner accepted, or
 * nobody. Read from the database on every use (realtime checks it on each subscribe, history,
 * presence and publish), so a member who left or was removed is refused at once. Both lookups
 * are by key: projects.id and the (project_id, applicant_id) unique constraint. Kept compiled
 * (db/compiled-queries/), so PostgreSQL runs it as a prepared statement instead of planning it
 * at every use.
 */
export async function findTeamRole(
  database: DatabaseHandle,
  projectId: string,
  userId: string,
): Promise<TeamRole | null> {
  const [row] = await database.compiledQueries.rows(teamRoleQuery, [projectId, userId]);
  return row ? roleOf(row, userId) : null;
}
