import type { UserRecord } from '@campuscollab/sdk';
import { Trophy } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useCampusLeaderboard } from '../../features/leaderboard/api/list-campus-leaderboard';
import { CopyCodeButton } from '../../features/leaderboard/components/copy-code-button';
import { findRank, formatRank } from '../../features/leaderboard/rank';
import { formatNumber } from '../../lib/format';

/** Total referrals, campus rank (position on the university's leaderboard) and the code. */
export function ReferralStatsCard({ profile }: { profile: UserRecord }) {
  const { navigate } = useNavigation();
  const leaderboard = useCampusLeaderboard(profile.university);
  useEffect(() => {
    if (leaderboard.error) console.error('Failed to load the campus rank', leaderboard.error);
  }, [leaderboard.error]);
  const rank = leaderboard.data ? findRank(leaderboard.data, profile.userId) : null;

  return (
    <Card className="lg:col-span-1">
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Trophy aria-hidden="true" className="h-5 w-5 text-amber-500" />
        Referral Stats
      </h2>
      <dl className="mt-4 grid grid-cols-2 gap-4">
        <div>
          <dt className="text-sm text-gray-600">Total Referrals</dt>
          <dd className="text-3xl font-bold text-gray-900" data-testid="total-referrals">
            {formatNumber(profile.referralCount)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-gray-600">Campus Rank</dt>
          <dd className="text-3xl font-bold text-gray-900" data-testid="campus-rank">
            {leaderboard.isPending ? (
              <Skeleton className="mt-1 h-8 w-12" />
            ) : (
              formatRank(rank, 'N/A')
            )}
          </dd>
        </div>
      </dl>
      <div className="mt-4 rounded-lg bg-gray-50 p-3">
        <p className="text-sm text-gray-600">Your referral code</p>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          <code className="text-lg font-semibold text-brand-800">{profile.referralCode}</code>
          <CopyCodeButton code={profile.referralCode} />
        </div>
      </div>
      <Button variant="ghost" className="mt-4 w-full" onClick={() => navigate('leaderboard')}>
        View Full Leaderboard
      </Button>
    </Card>
  );
}
