import type { Kysely } from 'kysely';
import { ErrorCode, type TeamMember, type TeamView } from '@campuscollab/shared';
import type { Database } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { dynamicDb } from '../table-api/table-request';
import { projectsPolicy } from '../table-api/tables/projects';
import { findTeamRole } from './membership';

/** How a member without a profile is named, as the dashboard names such applicants. */
const NO_PROFILE_NAME = 'Anonymous User';

const notFound = () =>
  new HttpError(404, ErrorCode.notFound, 'This project does not exist or its team is private');

/**
 * Whether someone outside the team may read the project, by the projects table's own read
 * policy: Open, not hidden by an operator, no block between them and the owner (docs/product.md
 * §6.9). The team is part of the project page, so it is shown exactly when the project is.
 */
async function outsiderMayRead(db: Kysely<Database>, projectId: string, viewerId: string) {
  const readable = await dynamicDb({ db })
    .selectFrom('projects')
    .select('projects.id')
    .where('projects.id', '=', projectId)
    .where((eb) => projectsPolicy.canRead(eb, { id: viewerId }))
    .executeTakeFirst();
  return readable !== undefined;
}

/**
 * The team of a project: its owner first, then members in the order they were accepted. The
 * owner and members see it whatever the project's status; any other signed-in student sees the
 * team of a project they may read (who they would work with if they applied), as Explore shows
 * its poster. Otherwise the team stays among its members: 404, as for a project that is not.
 */
export async function readTeam(
  db: Kysely<Database>,
  projectId: string,
  viewerId: string,
): Promise<TeamView> {
  const project = await db
    .selectFrom('projects')
    .select(['id', 'title', 'status', 'posted_by_id', 'created_at'])
    .where('id', '=', projectId)
    .executeTakeFirst();
  if (!project) throw notFound();
  const viewerRole = await findTeamRole(db, projectId, viewerId);
  if (!viewerRole && !(await outsiderMayRead(db, projectId, viewerId))) throw notFound();

  const owner = await db
    .selectFrom('users')
    .select(['name', 'profile_picture'])
    .where('user_id', '=', project.posted_by_id)
    .executeTakeFirst();
  const accepted = await db
    .selectFrom('applications')
    .leftJoin('users', 'users.user_id', 'applications.applicant_id')
    .select([
      'applications.applicant_id',
      'applications.updated_at',
      'users.name',
      'users.profile_picture',
    ])
    .where('applications.project_id', '=', projectId)
    .where('applications.status', '=', 'Accepted')
    .orderBy('applications.updated_at')
    .orderBy('applications.applicant_id')
    .execute();

  const members: TeamMember[] = [
    {
      userId: project.posted_by_id,
      name: owner?.name ?? NO_PROFILE_NAME,
      profilePicture: owner?.profile_picture ?? null,
      role: 'owner',
      joinedAt: project.created_at,
    },
    ...accepted.map((row): TeamMember => ({
      userId: row.applicant_id,
      name: row.name ?? NO_PROFILE_NAME,
      profilePicture: row.profile_picture ?? null,
      role: 'member',
      joinedAt: row.updated_at,
    })),
  ];
  return {
    project: {
      id: project.id,
      title: project.title,
      status: project.status,
      ownerId: project.posted_by_id,
    },
    viewerRole,
    members,
  };
}
