import { useQueryClient } from '@tanstack/react-query';
import { useUserChannelEvent } from '../../../app/use-user-channel-event';
import { applicationKeys } from '../api/application-keys';

/**
 * A project owner sees a new application, and an applicant sees the owner's decision, without
 * reloading: the server publishes both on the student's private channel.
 */
export function useLiveApplications(userId: string | undefined): void {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: applicationKeys.all });
  useUserChannelEvent(userId, 'application.created', refresh);
  useUserChannelEvent(userId, 'application.updated', refresh);
}
