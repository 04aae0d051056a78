import { Button } from '../../components/ui/button';
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
          <div className="flex items-center gap-2">
            <ApplicationStatusBadge status={application.status} />
            {application.status === 'Pending' && (
              <Button
                size="sm"
                variant="ghost"
                disabled={withdraw.isPending}
                onClick={() => {
                  if (window.confirm('Withdraw your application?')) {
                    withdraw.mutate(application.id, {
                      onError: (error) => console.error('Failed to withdraw', error),
                    });
                  }
                }}
              >
                Withdraw
              </Button>
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
