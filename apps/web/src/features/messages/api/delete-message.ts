import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { messageKeys } from './message-keys';

/** docs/product.md §4.11: the recipient can delete a message. */
export async function deleteMessage(messageId: string): Promise<void> {
  const { error } = await client.tables.from('messages').delete(messageId);
  if (error) throw error;
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
    onError: (error) => console.error('Error deleting message:', error),
  });
}
