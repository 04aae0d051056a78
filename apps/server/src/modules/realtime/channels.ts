import { ErrorCode, TEAM_MESSAGE_EVENT, teamMessagePayload } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';

/** Who is acting on a channel: a signed-in account, or a SERVICE_KEY holder (HTTP only). */
export type RealtimeActor = { kind: 'user'; userId: string } | { kind: 'service' };

export type ChannelAccess = 'read' | 'publish';

/** Whether the account is on the project's team now (modules/teams/membership.ts). */
export type TeamMembershipCheck = (projectId: string, userId: string) => Promise<boolean>;

const CHANNEL = /^(user|public|team):([A-Za-z0-9_.:@-]{1,128})$/;

/** The private channel of one account; the server publishes its notifications there. */
export function formatUserChannel(accountId: string): string {
  return `user:${accountId}`;
}

function parseChannel(channel: string): { kind: string; name: string } {
  const match = CHANNEL.exec(channel);
  if (!match) {
    throw new HttpError(
      400,
      ErrorCode.validation,
      'Channel must be "public:<name>", "user:<your user id>" or "team:<project id>" (name: 1-128 letters, digits or _ . : @ -)',
    );
  }
  return { kind: match[1]!, name: match[2]! };
}

/** The project id of a `team:` channel, or null for any other channel. */
export function teamProjectOf(channel: string): string | null {
  const match = CHANNEL.exec(channel);
  return match?.[1] === 'team' ? match[2]! : null;
}

/**
 * Refuses a channel the actor may not use. Reading covers subscribe, presence and history.
 * Nobody but the server publishes to `user:` channels, so a student can trust that everything
 * arriving there (a new message, an application) really happened. A `team:` channel is the
 * project's owner's and its accepted members' only, asked of the database each time, so whoever
 * left or was removed is refused from then on (docs/realtime-protocol.md, team channels).
 */
export async function requireChannelAccess(
  actor: RealtimeActor,
  channel: string,
  access: ChannelAccess,
  isTeamMember: TeamMembershipCheck,
): Promise<void> {
  const { kind, name } = parseChannel(channel);
  if (actor.kind === 'service' || kind === 'public') return;
  if (kind === 'team') {
    if (!(await isTeamMember(name, actor.userId))) {
      throw new HttpError(403, ErrorCode.forbidden, 'Team channels are for the team only');
    }
    return;
  }
  if (access === 'publish') {
    throw new HttpError(403, ErrorCode.forbidden, 'Only the server publishes to user channels');
  }
  if (name !== actor.userId) {
    throw new HttpError(403, ErrorCode.forbidden, 'User channels are private to their user');
  }
}

/**
 * What a student may publish on a team channel: chat messages only, `{text}` within the
 * composer's limit. Every member renders it, and the unread count counts it, so it is checked
 * here rather than trusted to the sending client.
 */
export function requireTeamMessage(channel: string, event: string, payload: unknown): void {
  if (teamProjectOf(channel) === null) return;
  if (event !== TEAM_MESSAGE_EVENT) {
    throw new HttpError(
      400,
      ErrorCode.validation,
      `Team channels carry only "${TEAM_MESSAGE_EVENT}" events`,
    );
  }
  const result = teamMessagePayload.safeParse(payload);
  if (!result.success) {
    throw new HttpError(
      400,
      ErrorCode.validation,
      result.error.issues[0]?.message ?? 'payload must be {text}',
    );
  }
}
