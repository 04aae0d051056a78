import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { projectKeys } from './project-keys';

/** docs/product.md §10.3: the dashboard's 'N Active Projects' counts one's own Open projects. */
export async function countOwnOpenProjects(userId: string): Promise<number> {
  const { error, count } = await client.tables.from('projects').list({
    where: { postedById: userId, status: 'Open' },
    count: true,
    limit: 0,
  });
  if (error) throw error;
  return count ?? 0;
}

export const ownOpenProjectsCountQuery = (userId: string | undefined) => ({
  queryKey: projectKeys.ownOpenCount(userId),
  queryFn: () => countOwnOpenProjects(userId!),
  enabled: Boolean(userId),
});

export function useOwnOpenProjectsCount(userId: string | undefined) {
  return useQuery(ownOpenProjectsCountQuery(userId));
}
