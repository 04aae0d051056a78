import { useMutation, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';

/**
 * docs/product.md §4.12: the server erases everything the account owns (profile, projects,
 * applications, messages, files), then the SDK signs this browser out.
 */
export async function deleteAccount(): Promise<void> {
  const { error } = await client.auth.deleteAccount();
  if (error) throw error;
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: () => queryClient.clear(),
  });
}
