import { useInfiniteQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { attachPeople, type MessageWithPerson } from './lookup-people';
import { messageKeys } from './message-keys';

export const MESSAGES_PAGE_SIZE = 20;

export interface MessagePage {
  messages: MessageWithPerson[];
  nextCursor: string | null;
  /** Every message in the box, counted by the server (asked on the first page only). */
  total: number | null;
}

/** docs/product.md §7.2: messages where recipientId is me, newest first; 20 a page. */
export async function listInboxMessages(
  userId: string,
  cursor: string | null,
): Promise<MessagePage> {
  const { data, error, nextCursor, count } = await client.tables.from('messages').list({
    where: { recipientId: userId },
    order: [{ column: 'createdAt', ascending: false }],
    limit: MESSAGES_PAGE_SIZE,
    cursor,
    count: cursor === null,
  });
  if (error) throw error;
  const messages = await attachPeople(data ?? [], (message) => message.senderId);
  return { messages, nextCursor, total: count };
}

export const inboxMessagesQuery = (userId: string | undefined) => ({
  queryKey: messageKeys.inbox(userId),
  queryFn: ({ pageParam }: { pageParam: string | null }) => listInboxMessages(userId!, pageParam),
  initialPageParam: null as string | null,
  getNextPageParam: (last: MessagePage) => last.nextCursor,
  enabled: Boolean(userId),
});

export function useInboxMessages(userId: string | undefined) {
  return useInfiniteQuery(inboxMessagesQuery(userId));
}
