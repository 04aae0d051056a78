import type { UserRecord } from '@campuscollab/sdk';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { formatRank } from '../../features/leaderboard/rank';
import { formatNumber } from '../../lib/format';

/** The user's referral count, rank ('#N' or 'Not ranked yet') and own code. */
export function YourStatsCard({
  profile,
  rank,
  loading,
}: {
  profile: UserRecord;
  rank: number | null;
  loading: boolean;
}) {
  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Your Stats</h2>
      <dl className="mt-4 grid grid-cols-1 gap-4 text-center sm:grid-cols-3">
        <div className="rounded-lg bg-gray-50 p-4">
          <dt className="text-sm text-gray-600">Referrals</dt>
          <dd className="mt-1 text-2xl font-bold text-gray-900">
            {formatNumber(profile.referralCount)}
          </dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-4">
          <dt className="text-sm text-gray-600">Your Rank</dt>
          <dd className="mt-1 text-2xl font-bold text-gray-900" data-testid="your-rank">
            {loading ? (
              <Skeleton className="mx-auto h-8 w-16" />
            ) : (
              formatRank(rank, 'Not ranked yet')
            )}
          </dd>
        </div>
        <div className="rounded-lg bg-gray-50 p-4">
          <dt className="text-sm text-gray-600">Your Code</dt>
          <dd className="mt-1 text-2xl font-bold break-all text-brand-800">
            {profile.referralCode}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
