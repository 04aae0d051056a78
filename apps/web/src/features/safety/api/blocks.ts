import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockRecord } from '@campuscollab/sdk';
import { client } from '../../../lib/client';
import { useAuth } from '../../auth/use-auth';
import { safetyKeys } from './safety-keys';

/** The students I blocked, newest first (the server shows me only my own blocks). */
export async function listMyBlocks(): Promise<BlockRecord[]> {
  const { data, error } = await client.tables.from('blocks').list({
    order: [{ column: 'createdAt', ascending: false }],
    limit: 500,
  });
  if (error) throw error;
  return data ?? [];
}

export function useMyBlocks() {
  const { user } = useAuth();
  return useQuery({
    queryKey: safetyKeys.blocks(user?.id),
    queryFn: listMyBlocks,
    enabled: Boolean(user),
  });
}

/**
 * A block or an unblock changes what every list shows (profiles, projects, messages), so every
 * cached query is refreshed, not only the blocks list.
 */
function useRefreshEverything() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries();
}

export function useBlockStudent() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: async (blockedId: string) => {
      const { error } = await client.tables.from('blocks').create({ blockedId });
      // Already blocked is what the student wanted.
      if (error && error.code !== '23505') throw error;
    },
    onSuccess: refresh,
  });
}

export function useUnblockStudent() {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: async (blockId: string) => {
      const { error } = await client.tables.from('blocks').delete(blockId);
      if (error) throw error;
    },
    onSuccess: refresh,
  });
}
