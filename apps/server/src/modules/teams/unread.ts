import { sql, type Kysely } from 'kysely';
import { TEAM_CHANNEL_PREFIX, type MyTeams, type TeamSummary } from '@campuscollab/shared';
import { defineQuery } from '../../db/compiled-queries/define-query';
import type { DatabaseHandle } from '../../db/dialects/types';
import type { Database } from '../../db/schema';

/**
 * The student's teams with their unread counts: messages on each team channel from someone
 * else, newer than the student's last visit (team_reads). Each count is one range of
 * realtime_messages_channel_recent_idx (channel, then created_at), never a history read; a
 * team never visited counts its whole kept history.
 */
const myTeamsQuery = defineQuery((db, [userId]: [string]) =>
  db
    .selectFrom('projects')
    .leftJoin('team_reads', (join) =>
      join.onRef('team_reads.project_id', '=', 'projects.id').on('team_reads.user_id', '=', userId),
    )
    .select((eb) => [
      'projects.id',
      'projects.title',
      'projects.status',
      'projects.posted_by_id',
      eb
        .selectFrom('realtime_messages')
        .select((count) => count.fn.countAll<number | string>().as('n'))
        .where(
          'realtime_messages.channel',
          '=',
          sql<string>`${TEAM_CHANNEL_PREFIX} || ${sql.ref('projects.id')}`,
        )
        .where(
          'realtime_messages.created_at',
          '>',
          sql<string>`coalesce(${sql.ref('team_reads.read_at')}, '')`,
        )
        .where((where) =>
          where.or([
            where('realtime_messages.sender_id', 'is', null),
            where('realtime_messages.sender_id', '!=', userId),
          ]),
        )
        .as('unread'),
    ])
    // The projects the student owns, then those they were accepted into, each by its own index.
    // As an `or` of the two, PostgreSQL read every project to test the subquery on each.
    .where('projects.id', 'in', (eb) =>
      eb
        .selectFrom('projects as owned')
        .select('owned.id')
        .where('owned.posted_by_id', '=', userId)
        .unionAll(
          eb
            .selectFrom('applications')
            .select('applications.project_id as id')
            .where('applications.applicant_id', '=', userId)
            .where('applications.status', '=', 'Accepted'),
        ),
    )
    .orderBy('projects.created_at', 'desc')
    .orderBy('projects.id', 'desc'),
);

/** The student's teams and their unread counts, in one compiled read (db/compiled-queries/). */
export async function listMyTeams(database: DatabaseHandle, userId: string): Promise<MyTeams> {
  const rows = await database.compiledQueries.rows(myTeamsQuery, [userId]);

  const teams = rows.map((row): TeamSummary => ({
    projectId: row.id,
    title: row.title,
    status: row.status,
    role: row.posted_by_id === userId ? 'owner' : 'member',
    unread: Number(row.unread ?? 0),
  }));
  return { teams, unread: teams.reduce((sum, team) => sum + team.unread, 0) };
}

/** Opening the team space: everything up to now is read. */
export async function markTeamRead(
  db: Kysely<Database>,
  projectId: string,
  userId: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('team_reads')
    .values({ project_id: projectId, user_id: userId, read_at: now })
    .onConflict((conflict) =>
      conflict.columns(['project_id', 'user_id']).doUpdateSet({ read_at: now }),
    )
    .execute();
}
