import { useQueryClient } from '@tanstack/react-query';
import { useUserChannelEvent } from '../../../app/use-user-channel-event';
import { applicationKeys } from '../../applications/api/application-keys';
import { teamKeys } from '../api/team-keys';

/**
 * Team lists follow what changes them: an owner's decision adds a member, and leaving or being
 * removed (published on the student's private channel) takes the team space away at once.
 */
export function useLiveTeams(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: teamKeys.all });
    void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
  };
  useUserChannelEvent(userId, 'team.access.ended', refresh);
  useUserChannelEvent(userId, 'application.updated', refresh);
}
