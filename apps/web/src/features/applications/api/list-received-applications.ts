import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { describeApplications } from './describe-applications';
import { applicationKeys } from './application-keys';

export const APPLICATIONS_PAGE_SIZE = 10;

/**
 * docs/product.md §2.8: applications to the user's projects, newest first. The server shows a
 * user their own applications and those to their projects, so "not mine" means "received".
 */
export async function listReceivedApplications(userId: string, cursor: string | null) {
  const { data, error, nextCursor } = await client.tables.from('applications').list({
    where: (filter) => filter.neq('applicantId', userId),
    order: [{ column: 'createdAt', ascending: false }],
    limit: APPLICATIONS_PAGE_SIZE,
    cursor,
  });
  if (error) throw error;
  return { applications: await describeApplications(data ?? []), nextCursor };
}

export const receivedApplicationsQuery = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.received(userId),
    queryFn: ({ pageParam }) => listReceivedApplications(userId!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: Boolean(userId),
  });

export function useReceivedApplications(userId: string | undefined) {
  return useInfiniteQuery(receivedApplicationsQuery(userId));
}
