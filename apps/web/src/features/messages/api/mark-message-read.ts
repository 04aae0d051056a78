import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { messageKeys } from './message-keys';

/** docs/product.md §4.11: readStatus goes 0 to 1 when the recipient opens it; no way back. */
export async function markMessageRead(messageId: string): Promise<void> {
  const { error } = await client.tables.from('messages').update(messageId, { readStatus: 1 });
  if (error) throw error;
}

export function useMarkMessageRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markMessageRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    // docs/product.md §8.4: marking read fails silently for the student, and is logged.
    onError: (error) => console.error('Error marking message as read:', error),
  });
}
