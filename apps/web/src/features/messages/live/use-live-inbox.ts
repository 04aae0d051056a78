import { useQueryClient } from '@tanstack/react-query';
import { useUserChannelEvent } from '../../../app/use-user-channel-event';
import { messageKeys } from '../api/message-keys';

/**
 * docs/product.md §4.15: the unread badge updates live. The server publishes `message.created`
 * on `user:{recipientId}`; each one refreshes every message query (badge, inbox).
 */
export function useLiveInbox(userId: string | undefined): void {
  const queryClient = useQueryClient();
  useUserChannelEvent(userId, 'message.created', () => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.all });
  });
}
