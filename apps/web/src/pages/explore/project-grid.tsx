import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { LoadFailed } from '../../components/ui/load-failed';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import type { ProjectRow } from '../../features/projects/types';
import { ProjectCardSkeleton } from './project-card';
import { ProjectList } from './project-list';

type Page = { projects: ProjectRow[]; nextCursor: string | null };

/**
 * Six skeleton cards while loading, what failed, the empty state, or the cards with 'Load more'.
 */
export function ProjectGrid({
  userId,
  query,
}: {
  userId: string;
  query: UseInfiniteQueryResult<InfiniteData<Page>>;
}) {
  const { navigate } = useNavigation();
  const projects = useMemo(
    () => query.data?.pages.flatMap((page) => page.projects) ?? [],
    [query.data],
  );

  if (query.isPending) {
    return (
      <div className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy="true">
        <span className="sr-only" role="status">
          Loading projects...
        </span>
        {Array.from({ length: 6 }, (_, index) => (
          <ProjectCardSkeleton key={index} />
        ))}
      </div>
    );
  }
  if (projects.length === 0 && query.isError) {
    return (
      <LoadFailed
        title="Could not load projects"
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }
  if (projects.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-gray-300 bg-white px-4 py-16 text-center">
        <h2 className="text-xl font-semibold text-gray-900">No projects found</h2>
        <p className="mt-2 text-gray-700">Try another search or filter, or start something new.</p>
        <Button className="mt-6" onClick={() => navigate('post-project')}>
          Post Your Own Project
        </Button>
      </div>
    );
  }
  return (
    <>
      <ProjectList userId={userId} projects={projects} />
      <LoadMoreButton query={query} showFailure />
    </>
  );
}
