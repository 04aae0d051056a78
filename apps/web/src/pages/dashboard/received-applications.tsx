import { Button } from '../../components/ui/button';
import { useReceivedApplications } from '../../features/applications/api/list-received-applications';
import { useUpdateApplicationStatus } from '../../features/applications/api/update-application-status';
import type { ApplicationDecision, ApplicationView } from '../../features/applications/types';
import { formatShortDate } from '../../lib/dates';
import { PageLink } from '../../lib/page-link';
import { ApplicationList } from './application-list';
import { ApplicationStatusBadge } from './application-status-badge';

function ReceivedItem({ application }: { application: ApplicationView }) {
  const decide = useUpdateApplicationStatus();
  const applicant = application.applicantName ?? 'Anonymous User';
  const project = application.projectTitle ?? 'a closed project';
  const choose = (status: ApplicationDecision) =>
    decide.mutate(
      { applicationId: application.id, status },
      // docs/product.md §8.4: the dashboard shows no error messages; failures are logged.
      { onError: (error) => console.error('Failed to update the application', error) },
    );

  return (
    <div
      className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between"
      aria-label={`${applicant} applied to ${project}`}
      role="group"
    >
      <div className="min-w-0">
        <p className="font-medium text-gray-900">
          {application.applicantName === null ? (
            applicant
          ) : (
            // A block of the line's height: the project's link sits right below, and an inline
            // link is only as tall as its letters, short of the 24 px a target needs.
            <PageLink
              page="profile"
              params={{ id: application.applicantId }}
              className="inline-block max-w-full hover:underline"
            >
              {applicant}
            </PageLink>
          )}
        </p>
        <p className="truncate text-sm text-gray-600">
          {application.projectTitle === null ? (
            project
          ) : (
            <PageLink
              page="project"
              params={{ id: application.projectId }}
              className="hover:underline"
            >
              {project}
            </PageLink>
          )}{' '}
          · {formatShortDate(application.createdAt)}
        </p>
      </div>
      {application.status === 'Pending' ? (
        <div className="flex gap-2">
          <Button size="sm" disabled={decide.isPending} onClick={() => choose('Accepted')}>
            Accept
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={decide.isPending}
            onClick={() => choose('Declined')}
          >
            Decline
          </Button>
        </div>
      ) : (
        <ApplicationStatusBadge status={application.status} />
      )}
    </div>
  );
}

/** Applications to the user's projects, with Accept and Decline while Pending. */
export function ReceivedApplications({ userId }: { userId: string }) {
  const query = useReceivedApplications(userId);
  return (
    <ApplicationList
      query={query}
      empty="No applications to your projects yet."
      renderItem={(application) => <ReceivedItem application={application} />}
    />
  );
}
