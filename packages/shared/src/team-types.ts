/**
 * A project's team: its owner and the applicants they accepted (docs/product.md, team space).
 * The team chats on the realtime channel `team:<project id>`, which only current members may use.
 */
export const TEAM_CHANNEL_PREFIX = 'team:';
/** The one event students publish on a team channel: a chat message. */
export const TEAM_MESSAGE_EVENT = 'team.message';
/** Longest chat message, in characters (the composer's counter and the server's refusal). */
export const TEAM_MESSAGE_MAX = 2000;

export function formatTeamChannel(projectId: string): string {
  return `${TEAM_CHANNEL_PREFIX}${projectId}`;
}

export type TeamRole = 'owner' | 'member';

export interface TeamMember {
  userId: string;
  /** The profile name; "Anonymous User" for a member without a profile. */
  name: string;
  /** The profile picture's URL, or null. */
  profilePicture: string | null;
  role: TeamRole;
  /** When the owner accepted them (the project's creation for the owner). */
  joinedAt: string;
}

/** GET /api/teams/{project}/{projectId}: the team as the viewer may see it. */
export interface TeamView {
  project: { id: string; title: string; status: string; ownerId: string };
  /** The viewer's place in the team; null for a student outside it (Open projects only). */
  viewerRole: TeamRole | null;
  members: TeamMember[];
}

/** One entry of GET /api/teams/{project}: a team the student belongs to. */
export interface TeamSummary {
  projectId: string;
  title: string;
  status: string;
  role: TeamRole;
  /** Messages from others since the student last opened the team space. */
  unread: number;
}

export interface MyTeams {
  teams: TeamSummary[];
  /** Sum of every team's unread count. */
  unread: number;
}
