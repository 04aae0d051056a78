import type { LeaderboardEntry } from '../../features/leaderboard/api/list-campus-leaderboard';
import { Award, Medal, Trophy } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';

const PLACES = [
  { icon: Trophy, tone: 'border-amber-300 bg-amber-50 text-amber-600', label: '1st place' },
  { icon: Medal, tone: 'border-gray-300 bg-gray-50 text-gray-500', label: '2nd place' },
  { icon: Award, tone: 'border-orange-300 bg-orange-50 text-orange-700', label: '3rd place' },
];

/** The top 3 referrers, highlighted (docs/product.md §9). */
export function TopThree({ entries, userId }: { entries: LeaderboardEntry[]; userId: string }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="top-three-heading">
      <h2 id="top-three-heading" className="sr-only">
        Top 3
      </h2>
      <ol className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {entries.map((entry, index) => {
          const place = PLACES[index]!;
          const Icon = place.icon;
          return (
            <li
              key={entry.id}
              aria-label={`${place.label}: ${entry.name}`}
              className={cn('rounded-xl border-2 p-5 text-center', place.tone)}
            >
              <Icon aria-hidden="true" className="mx-auto h-8 w-8" />
              <Avatar name={entry.name} src={entry.profilePicture} className="mx-auto mt-3" />
              <p className="mt-2 font-semibold text-gray-900">
                {entry.name}
                {entry.userId === userId && ' (You)'}
              </p>
              <p className="text-sm text-gray-700">
                {formatNumber(entry.referralCount)}{' '}
                {entry.referralCount === 1 ? 'referral' : 'referrals'}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
