import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { teamKeys } from './team-keys';

/** A project's team; null when the student may not see it (404: not a member of a Closed one). */
export function useTeam(projectId: string | undefined) {
  return useQuery({
    queryKey: teamKeys.team(projectId ?? ''),
    queryFn: async () => {
      const { data, error } = await client.teams.get(projectId!);
      if (error?.status === 404) return null;
      if (error) throw error;
      return data;
    },
    enabled: Boolean(projectId),
  });
}

/** Leaving (your own id) or, as the owner, removing a member. */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { projectId: string; userId: string }) => {
      const { error } = await client.teams.removeMember(input.projectId, input.userId);
      if (error) throw error;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
