import type { Kysely } from 'kysely';
import type { TeamRole } from '@campuscollab/shared';
import type { Database } from '../../db/schema';

/**
 * The student's place in a project's team: its owner, an applicant the owner accepted, or
 * nobody. Read from the database on every use (realtime checks it on each subscribe, history,
 * presence and publish), so a member who left or was removed is refused at once. Both lookups
 * are by key: projects.id and the (project_id, applicant_id) unique constraint.
 */
export async function findTeamRole(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
): Promise<TeamRole | null> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => [
      'projects.posted_by_id',
      eb
        .exists(
          eb
            .selectFrom('applications')
            .select('applications.id')
            .whereRef('applications.project_id', '=', 'projects.id')
            .where('applications.applicant_id', '=', userId)
            .where('applications.status', '=', 'Accepted'),
        )
        .as('accepted'),
    ])
    .where('projects.id', '=', projectId)
    .executeTakeFirst();
  if (!row) return null;
  if (row.posted_by_id === userId) return 'owner';
  // SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
  return row.accepted === true || Number(row.accepted) === 1 ? 'member' : null;
}
