import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { teamKeys } from './team-keys';

/** The student's teams with unread counts (the server counts them: modules/teams/unread.ts). */
export function useMyTeams(userId: string | undefined) {
  return useQuery({
    queryKey: teamKeys.mine(userId),
    queryFn: async () => {
      const { data, error } = await client.teams.list();
      if (error) throw error;
      return data;
    },
    enabled: Boolean(userId),
  });
}
