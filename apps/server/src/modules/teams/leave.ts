import { ErrorCode } from '@campuscollab/shared';
import type { DatabaseHandle } from '../../db/dialects/types';
import { HttpError } from '../../lib/http-error';
import type { DomainEvents } from '../../plugins/events';
import { findTeamRole } from './membership';

/**
 * Ends one member's place in a team: the member leaving (their Accepted application is
 * deleted, so they may apply again while the project is Open), or the owner removing them (the
 * application becomes Declined: the owner's decision stands, and they cannot re-apply). Either
 * way their last-read mark goes, and the answer waits until the realtime module dropped their
 * sockets' use of the team channel on every instance, so no message after it reaches them.
 */
export async function endMembership(
  database: DatabaseHandle,
  events: DomainEvents,
  input: { projectId: string; memberId: string; actorId: string; now: string },
): Promise<void> {
  const { projectId, memberId, actorId, now } = input;
  const actorRole = await findTeamRole(database, projectId, actorId);
  if (!actorRole) {
    throw new HttpError(404, ErrorCode.notFound, 'You are not on this project’s team');
  }
  const leaving = memberId === actorId;
  if (leaving && actorRole === 'owner') {
    throw new HttpError(
      403,
      ErrorCode.forbidden,
      'The owner cannot leave their own team; close or delete the project instead',
    );
  }
  if (!leaving && actorRole !== 'owner') {
    throw new HttpError(403, ErrorCode.forbidden, 'Only the project’s owner removes members');
  }

  const ended = await database.db.transaction().execute(async (trx) => {
    const accepted = trx
      .selectFrom('applications')
      .select('id')
      .where('project_id', '=', projectId)
      .where('applicant_id', '=', memberId)
      .where('status', '=', 'Accepted');
    const changed = leaving
      ? await trx.deleteFrom('applications').where('id', 'in', accepted).executeTakeFirst()
      : await trx
          .updateTable('applications')
          .set({ status: 'Declined', updated_at: now })
          .where('id', 'in', accepted)
          .executeTakeFirst();
    const count = Number(
      'numDeletedRows' in changed ? changed.numDeletedRows : changed.numUpdatedRows,
    );
    if (count === 0) return false;
    await trx
      .deleteFrom('team_reads')
      .where('project_id', '=', projectId)
      .where('user_id', '=', memberId)
      .execute();
    return true;
  });
  if (!ended) throw new HttpError(404, ErrorCode.notFound, 'No such member on this team');
  await events.emit('team.access.ended', {
    projectId,
    userId: memberId,
    reason: leaving ? 'left' : 'removed',
  });
}
