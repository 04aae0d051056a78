import { useOwnApplications } from '../../features/applications/api/list-own-applications';
import { formatShortDate } from '../../lib/dates';
import { PageLink } from '../../lib/page-link';
import { ApplicationList } from './application-list';
import { ApplicationStatusBadge } from './application-status-badge';

/** The user's own applications and where each stands. */
export function SentApplications({ userId }: { userId: string }) {
  const query = useOwnApplications(userId);
  return (
    <ApplicationList
      query={query}
      empty="You have not applied to any projects yet."
      renderItem={(application) => (
        <div className="flex items-center justify-between gap-3">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">
              {application.projectTitle === null ? (
                'A closed project'
              ) : (
                <PageLink
                  page="project"
                  params={{ id: application.projectId }}
                  className="hover:underline"
                >
                  {application.projectTitle}
                </PageLink>
              )}
            </p>
            <p className="text-sm text-gray-600">
              Applied {formatShortDate(application.createdAt)}
            </p>
          </div>
          <ApplicationStatusBadge status={application.status} />
        </div>
      )}
    />
  );
}
