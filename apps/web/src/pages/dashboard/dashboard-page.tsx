import { useEffect } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Spinner } from '../../components/ui/spinner';
import { useLiveApplications } from '../../features/applications/live/use-live-applications';
import { useAuth } from '../../features/auth/use-auth';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { TeamsCard } from '../../features/teams/components/teams-card';
import { useLiveTeams } from '../../features/teams/live/use-live-teams';
import { ActionCards } from './action-cards';
import { ApplicationsOverview } from './applications-overview';
import { InviteBanner } from './invite-banner';
import { RecommendedForYou } from './recommended-for-you';
import { OwnProjectActions } from './own-project-actions';
import { ReferralStatsCard } from './referral-stats-card';
import { SummaryCards } from './summary-cards';
import { useDocumentTitle } from '../../lib/document-title';

/** docs/product.md §2.8, Dashboard, with the real counts and applications of §10.3 and §10.5. */
export function DashboardPage() {
  useDocumentTitle('Dashboard');
  const { user, loading } = useAuth();
  const { navigate } = useNavigation();
  const profile = useOwnProfile();
  useLiveApplications(user?.id);
  useLiveTeams(user?.id);

  const missingProfile = profile.isSuccess && profile.data === null;
  useEffect(() => {
    // docs/product.md §4.8: no user record on the dashboard sends the user to auth.
    if (missingProfile) navigate('auth', {}, { replace: true });
  }, [missingProfile, navigate]);
  useEffect(() => {
    if (profile.error) console.error('Failed to load the dashboard', profile.error);
  }, [profile.error]);

  if (loading || (user && profile.isPending)) return <Spinner label="Loading dashboard..." />;
  if (!user) {
    return (
      <p className="px-4 py-16 text-center text-gray-700">Please sign in to view your dashboard.</p>
    );
  }
  // Failures are only logged (docs/product.md §8.4); there is nothing to show without the profile.
  if (!profile.data) return null;

  const me = profile.data;
  return (
    <div className="mx-auto max-w-6xl space-y-8 px-4 py-8 sm:py-10">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Welcome back, {me.name}!</h1>
        <p className="mt-1 text-gray-700">Here is what is happening at {me.university}.</p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <ReferralStatsCard profile={me} />
        <SummaryCards userId={me.userId} />
      </div>
      <RecommendedForYou userId={me.userId} />
      <TeamsCard
        userId={me.userId}
        ownerActions={(team) => (
          <OwnProjectActions projectId={team.projectId} title={team.title} status={team.status} />
        )}
      />
      <ApplicationsOverview userId={me.userId} />
      <ActionCards />
      <InviteBanner university={me.university} />
    </div>
  );
}
