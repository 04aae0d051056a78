import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { messageKeys } from './message-keys';

export interface NewMessage {
  recipientId: string;
  subject: string;
  message: string;
}

/** docs/product.md §7.2: messages create; the server sets the sender, the time and readStatus 0. */
export async function sendMessage(input: NewMessage): Promise<MessageRecord> {
  const { data, error } = await client.tables.from('messages').create(input);
  if (error) throw error;
  return data;
}

export function useSendMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendMessage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.sent() }),
  });
}
