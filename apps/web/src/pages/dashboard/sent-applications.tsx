import toast from 'react-hot-toast';
import { Button } from '../../components/ui/button';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { useOwnApplications } from '../../features/applications/api/list-own-applications';
import { useWithdrawApplication } from '../../features/applications/api/withdraw-application';
import { formatShortDate } from '../../lib/dates';
import { PageLink } from '../../lib/page-link';
import { useNavigation } from '../../lib/navigation';
import { ApplicationList } from './application-list';
import { ApplicationStatusBadge } from './application-status-badge';

/**
 * The user's own applications and where each stands. A Pending one can be withdrawn (after a
 * confirmation); an Accepted one leads into the team space.
 */
export function SentApplications({ userId }: { userId: string }) {
  const query = useOwnApplications(userId);
  const withdraw = useWithdrawApplication();
  const { navigate } = useNavigation();
  return (
    <ApplicationList
      query={query}
      empty="You have not applied to any projects yet."
      renderItem={(application) => (
        // The status and its action go under the title when both do not fit on one line.
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <div className="min-w-0">
            <p className="truncate font-medium text-gray-900">
              {application.projectTitle === null ? (
                'A closed project'
              ) : (
                // As tall as its line, 24 px, like the applicant's link of received applications.
                <PageLink
                  page="project"
                  params={{ id: application.projectId }}
                  className="inline-block max-w-full truncate align-bottom hover:underline"
                >
                  {application.projectTitle}
                </PageLink>
              )}
            </p>
            <p className="text-sm text-gray-600">
              Applied {formatShortDate(application.createdAt)}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <ApplicationStatusBadge status={application.status} />
            {application.status === 'Pending' && (
              <ConfirmButton
                size="sm"
                variant="ghost"
                title="Withdraw your application?"
                description="The project's owner will no longer see it. You can apply again while the project is open."
                confirmLabel="Withdraw"
                busyLabel="Withdrawing..."
                onConfirm={() =>
                  withdraw.mutateAsync(application.id).catch((error: unknown) => {
                    console.error('Failed to withdraw', error);
                    toast.error('Could not withdraw your application. Please try again.');
                    throw error;
                  })
                }
              >
                Withdraw
              </ConfirmButton>
            )}
            {application.status === 'Accepted' && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() => navigate('team', { id: application.projectId })}
              >
                Team space
              </Button>
            )}
          </div>
        </div>
      )}
    />
  );
}
