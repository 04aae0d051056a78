import type { MyTeams, TeamView } from '@campuscollab/shared/core';
import { SdkErrorKind } from '../errors/sdk-error';
import type { ApiClient } from '../http/api-client';
import type { Result } from '../http/result';

/**
 * Teams (`/api/teams/{project}`): the student's teams with unread counts, one team's members,
 * marking a team space read, and ending a membership (leaving, or the owner removing). The chat
 * is the realtime channel `formatTeamChannel(projectId)`.
 */
export function createTeamsClient(deps: { api: ApiClient; projectId: string }) {
  const base = `/api/teams/${encodeURIComponent(deps.projectId)}`;
  const call = <T>(method: 'GET' | 'POST' | 'DELETE', path: string) =>
    deps.api.request<T>({
      method,
      path: `${base}${path}`,
      auth: 'required',
      kind: SdkErrorKind.database,
    });
  const id = encodeURIComponent;

  return {
    /** The student's teams, newest project first, and the total unread. */
    list: (): Promise<Result<MyTeams>> => call('GET', ''),
    /** A team's members (owner first); 404 for a Closed project's team seen from outside. */
    get: (projectId: string): Promise<Result<TeamView>> => call('GET', `/${id(projectId)}`),
    /** Everything in the team space up to now counts as read. */
    markRead: (projectId: string): Promise<Result<{ projectId: string; readAt: string }>> =>
      call('POST', `/${id(projectId)}/read`),
    /** Your own id to leave; a member's id, as the owner, to remove them. */
    removeMember: (projectId: string, userId: string): Promise<Result<null>> =>
      call('DELETE', `/${id(projectId)}/members/${id(userId)}`),
  };
}

export type TeamsClient = ReturnType<typeof createTeamsClient>;
