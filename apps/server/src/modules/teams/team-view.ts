import { sql } from 'kysely';
import { ErrorCode, type TeamMember, type TeamView } from '@campuscollab/shared';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import { HttpError } from '../../lib/http-error';
import { projectsPolicy } from '../table-api/tables/projects';
import type { TableExpressions } from '../table-api/tables/types';
import { acceptedInto, isTrue, roleOf } from './membership';

/** How a member without a profile is named, as the dashboard names such applicants. */
const NO_PROFILE_NAME = 'Anonymous User';

const notFound = () =>
  new HttpError(404, ErrorCode.notFound, 'This project does not exist or its team is private');

/**
 * The project, its owner's profile and the viewer's standing, in one read: whether they were
 * accepted, and whether the projects table's own read policy lets them read it (Open, not
 * hidden by an operator, no block between them and the owner: docs/product.md §6.9).
 */
const teamHeadQuery = defineQuery((db, [projectId, viewerId]: [string, string]) =>
  db
    .selectFrom('projects')
    .leftJoin('users as owner', 'owner.user_id', 'projects.posted_by_id')
    .select((eb) => [
      'projects.id',
      'projects.title',
      'projects.status',
      'projects.posted_by_id',
      'projects.created_at',
      'owner.name as owner_name',
      'owner.profile_picture as owner_picture',
      acceptedInto(eb, viewerId),
      // The policy is written for the table API's untyped builder; this one reads the same table.
      sql<unknown>`${projectsPolicy.canRead(eb as unknown as TableExpressions, { id: viewerId })}`.as(
        'readable',
      ),
    ])
    .where('projects.id', '=', projectId),
);

/** The accepted members, in the order they were accepted. */
const acceptedMembersQuery = defineQuery((db, [projectId]: [string]) =>
  db
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
    .orderBy('applications.applicant_id'),
);

/**
 * The team of a project: its owner first, then members in the order they were accepted. The
 * owner and members see it whatever the project's status; any other signed-in student sees the
 * team of a project they may read (who they would work with if they applied), as Explore shows
 * its poster. Otherwise the team stays among its members: 404, as for a project that is not.
 * Two compiled reads (db/compiled-queries/), where it was five queries planned at every view.
 */
export async function readTeam(
  database: DatabaseHandle,
  projectId: string,
  viewerId: string,
): Promise<TeamView> {
  const { compiledQueries } = database;
  const [head] = await compiledQueries.rows(teamHeadQuery, [projectId, viewerId]);
  if (!head) throw notFound();
  const viewerRole = roleOf(head, viewerId);
  if (!viewerRole && !isTrue(head.readable)) throw notFound();
  const accepted = await compiledQueries.rows(acceptedMembersQuery, [projectId]);

  const members: TeamMember[] = [
    {
      userId: head.posted_by_id,
      name: head.owner_name ?? NO_PROFILE_NAME,
      profilePicture: head.owner_picture ?? null,
      role: 'owner',
      joinedAt: head.created_at,
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
      id: head.id,
      title: head.title,
      status: head.status,
      ownerId: head.posted_by_id,
    },
    viewerRole,
    members,
  };
}
