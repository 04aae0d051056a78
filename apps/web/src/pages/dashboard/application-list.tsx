import type { UseInfiniteQueryResult, InfiniteData } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Skeleton } from '../../components/ui/skeleton';
import type { ApplicationView } from '../../features/applications/types';

type Page = { applications: ApplicationView[]; nextCursor: string | null };

/** A paged list of applications: skeleton rows, an empty text and 'Load more'. */
export function ApplicationList({
  query,
  empty,
  renderItem,
}: {
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
  empty: string;
  renderItem: (application: ApplicationView) => ReactNode;
}) {
  useEffect(() => {
    if (query.error) console.error('Failed to load applications', query.error);
  }, [query.error]);

  if (query.isPending) {
    return (
      <div className="mt-4 space-y-3">
        {[0, 1].map((row) => (
          <Skeleton key={row} className="h-16 w-full" />
        ))}
      </div>
    );
  }
  const applications = query.data?.pages.flatMap((page) => page.applications) ?? [];
  if (applications.length === 0) return <p className="mt-4 text-sm text-gray-600">{empty}</p>;
  return (
    <>
      <ul className="mt-4 divide-y divide-gray-100">
        {applications.map((application) => (
          <li key={application.id} className="py-3">
            {renderItem(application)}
          </li>
        ))}
      </ul>
      <LoadMoreButton query={query} compact />
    </>
  );
}
