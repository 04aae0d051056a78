import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { messageKeys } from './message-keys';

/**
 * How many messages to me are still unread (readStatus 0), counted by the server. No row is
 * asked for (`limit: 0`): the server then runs the count alone.
 */
export async function countUnreadMessages(userId: string): Promise<number> {
  const { error, count } = await client.tables.from('messages').list({
    where: { recipientId: userId, readStatus: 0 },
    count: true,
    limit: 0,
  });
  if (error) throw error;
  return count ?? 0;
}

export const unreadMessagesQuery = (userId: string | undefined) => ({
  queryKey: messageKeys.unread(userId),
  queryFn: () => countUnreadMessages(userId!),
  enabled: Boolean(userId),
});

export function useUnreadMessageCount(userId: string | undefined) {
  return useQuery(unreadMessagesQuery(userId));
}
