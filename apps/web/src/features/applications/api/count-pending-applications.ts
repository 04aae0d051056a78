import { useQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { applicationKeys } from './application-keys';

/** docs/product.md §10.3: 'N Pending Applications' counts the user's own Pending applications. */
export async function countPendingApplications(userId: string): Promise<number> {
  const { error, count } = await client.tables.from('applications').list({
    where: { applicantId: userId, status: 'Pending' },
    count: true,
    limit: 0,
  });
  if (error) throw error;
  return count ?? 0;
}

export const pendingApplicationsCountQuery = (userId: string | undefined) => ({
  queryKey: applicationKeys.pendingCount(userId),
  queryFn: () => countPendingApplications(userId!),
  enabled: Boolean(userId),
});

export function usePendingApplicationsCount(userId: string | undefined) {
  return useQuery(pendingApplicationsCountQuery(userId));
}
