import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import { describeApplications } from './describe-applications';
import { APPLICATIONS_PAGE_SIZE } from './list-received-applications';
import { applicationKeys } from './application-keys';

/** docs/product.md §10.5: the applicant sees the status of their own applications, newest first. */
export async function listOwnApplications(userId: string, cursor: string | null) {
  const { data, error, nextCursor } = await client.tables.from('applications').list({
    where: { applicantId: userId },
    order: [{ column: 'createdAt', ascending: false }],
    limit: APPLICATIONS_PAGE_SIZE,
    cursor,
  });
  if (error) throw error;
  return { applications: await describeApplications(data ?? []), nextCursor };
}

export const ownApplicationsQuery = (userId: string | undefined) =>
  infiniteQueryOptions({
    queryKey: applicationKeys.own(userId),
    queryFn: ({ pageParam }) => listOwnApplications(userId!, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    enabled: Boolean(userId),
  });

export function useOwnApplications(userId: string | undefined) {
  return useInfiniteQuery(ownApplicationsQuery(userId));
}
