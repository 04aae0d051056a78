import { useInfiniteQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { MESSAGES_PAGE_SIZE, type MessagePage } from './list-inbox-messages';
import { attachPeople } from './lookup-people';
import { messageKeys } from './message-keys';

/** docs/product.md §10.6: the sender sees what they sent (senderId is me), newest first. */
export async function listSentMessages(
  userId: string,
  cursor: string | null,
): Promise<MessagePage> {
  const { data, error, nextCursor, count } = await client.tables.from('messages').list({
    where: { senderId: userId },
    order: [{ column: 'createdAt', ascending: false }],
    limit: MESSAGES_PAGE_SIZE,
    cursor,
    count: cursor === null,
  });
  if (error) throw error;
  const messages = await attachPeople(data ?? [], (message) => message.recipientId);
  return { messages, nextCursor, total: count };
}

export const sentMessagesQuery = (userId: string | undefined) => ({
  queryKey: messageKeys.sentBy(userId),
  queryFn: ({ pageParam }: { pageParam: string | null }) => listSentMessages(userId!, pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: MessagePage) => last.nextCursor,
  enabled: Boolean(userId),
});

/** Loaded only once the Sent tab is opened (`enabled`). */
export function useSentMessages(userId: string | undefined, enabled: boolean) {
  const query = sentMessagesQuery(userId);
  return useInfiniteQuery({ ...query, enabled: query.enabled && enabled });
}
