import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { client } from '../../../lib/client';

/** Ends the session here and in every tab; the local sign-out happens even offline. */
export async function logOut(): Promise<void> {
  await client.auth.logout();
}

/** Logs out and forgets every cached row of the previous account. */
export function useLogOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logOut();
    queryClient.clear();
  }, [queryClient]);
}
