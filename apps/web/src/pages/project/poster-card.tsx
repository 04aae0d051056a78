import { GraduationCap } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Skeleton } from '../../components/ui/skeleton';
import { useProfile } from '../../features/profiles/api/get-profile';
import type { ProjectRow } from '../../features/projects/types';
import { PageLink } from '../../lib/page-link';

/**
 * Who posted the project: avatar, name (linking to their profile page) and university. The name
 * is the one the server copied onto the project, so it shows before the profile has loaded.
 */
export function PosterCard({ project }: { project: ProjectRow }) {
  const poster = useProfile(project.postedById);
  const name = poster.data?.name?.trim() || project.postedBy || 'A student';
  const university = poster.data?.university ?? project.university;

  return (
    <div className="flex items-center gap-3">
      {poster.isPending ? (
        <Skeleton className="h-12 w-12 rounded-full" />
      ) : (
        <Avatar name={name} src={poster.data?.profilePicture} />
      )}
      <div className="min-w-0">
        {/* A poster without a profile has no page to go to. */}
        {poster.data ? (
          <PageLink
            page="profile"
            params={{ id: project.postedById }}
            className="block truncate font-semibold text-brand-700 hover:underline"
          >
            {name}
          </PageLink>
        ) : (
          <p className="truncate font-semibold text-gray-900">{name}</p>
        )}
        {university && (
          <p className="flex items-center gap-1 text-sm text-gray-600">
            <GraduationCap aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="truncate">{university}</span>
          </p>
        )}
      </div>
    </div>
  );
}
