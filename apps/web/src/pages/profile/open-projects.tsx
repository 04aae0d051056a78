import { useEffect } from 'react';
import { LoadMoreButton } from '../../components/ui/load-more-button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useOpenProjectsBy } from '../../features/projects/api/list-projects-by';
import { formatShortDate } from '../../lib/dates';
import { PageLink } from '../../lib/page-link';

/** The student's Open projects, newest first, each linking to its page. */
export function OpenProjects({ userId, name }: { userId: string; name: string }) {
  const query = useOpenProjectsBy(userId);
  useEffect(() => {
    if (query.error) console.error('Failed to load the projects', query.error);
  }, [query.error]);
  const projects = query.data?.pages.flatMap((page) => page.projects) ?? [];

  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Open projects</h2>
      {query.isPending ? (
        <div className="mt-4 space-y-3" aria-busy="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : query.isError && projects.length === 0 ? (
        <p className="mt-3 text-gray-700">Could not load the projects. Please reload the page.</p>
      ) : projects.length === 0 ? (
        <p className="mt-3 text-gray-700">{name} has no open projects right now.</p>
      ) : (
        <>
          <ul className="mt-3 divide-y divide-gray-100" aria-label={`Open projects of ${name}`}>
            {projects.map((project) => (
              <li key={project.id} className="py-3">
                <PageLink
                  page="project"
                  params={{ id: project.id }}
                  className="font-medium text-brand-700 hover:underline"
                >
                  {project.title}
                </PageLink>
                <p className="text-sm text-gray-600">Posted {formatShortDate(project.createdAt)}</p>
              </li>
            ))}
          </ul>
          <LoadMoreButton query={query} compact showFailure />
        </>
      )}
    </Card>
  );
}
