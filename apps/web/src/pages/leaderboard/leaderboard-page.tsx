import { useEffect } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useCampusLeaderboard } from '../../features/leaderboard/api/list-campus-leaderboard';
import { findRank } from '../../features/leaderboard/rank';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { FullLeaderboard } from './full-leaderboard';
import { ShareCodeCard } from './share-code-card';
import { TopThree } from './top-three';
import { YourStatsCard } from './your-stats-card';
import { useDocumentTitle } from '../../lib/document-title';

/** docs/product.md §2.13, Leaderboard: the top 100 referrers of the user's university. */
export function LeaderboardPage() {
  useDocumentTitle('Leaderboard');
  const { user, loading } = useAuth();
  const { navigate } = useNavigation();
  const profile = useOwnProfile();
  const leaderboard = useCampusLeaderboard(profile.data?.university);

  const missingProfile = profile.isSuccess && profile.data === null;
  useEffect(() => {
    // docs/product.md §8.4: no profile goes to auth; other load errors are only logged.
    if (missingProfile) navigate('auth', {}, { replace: true });
  }, [missingProfile, navigate]);
  useEffect(() => {
    const error = profile.error ?? leaderboard.error;
    if (error) console.error('Failed to load the leaderboard', error);
  }, [profile.error, leaderboard.error]);

  if (loading || (user && profile.isPending)) return <Spinner />;
  if (!user) {
    return (
      <p className="px-4 py-16 text-center text-gray-700">
        Please sign in to view the leaderboard.
      </p>
    );
  }
  if (!profile.data) return null;

  const me = profile.data;
  const entries = leaderboard.data ?? [];
  const rank = findRank(entries, me.userId);
  return (
    <div className="mx-auto max-w-5xl space-y-8 px-4 py-8 sm:py-10">
      <div className="text-center">
        <h1 className="text-3xl font-bold text-gray-900">Referral Leaderboard</h1>
        <p className="mt-2 text-gray-700">Top referrers at {me.university}</p>
      </div>
      <YourStatsCard profile={me} rank={rank} loading={leaderboard.isPending} />
      {leaderboard.isPending ? (
        <Spinner label="Loading leaderboard..." />
      ) : (
        <>
          <TopThree entries={entries.slice(0, 3)} userId={me.userId} />
          <FullLeaderboard entries={entries} userId={me.userId} />
        </>
      )}
      <ShareCodeCard code={me.referralCode} />
    </div>
  );
}
