import type { LeaderboardEntry } from '../../features/leaderboard/api/list-campus-leaderboard';
import { decodeTagList } from '@campuscollab/shared';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { cn } from '../../lib/cn';
import { formatNumber } from '../../lib/format';

/** Every ranked student (up to 100), the user marked '(You)', with up to 3 skills each. */
export function FullLeaderboard({
  entries,
  userId,
}: {
  entries: LeaderboardEntry[];
  userId: string;
}) {
  return (
    <section className="rounded-xl border border-gray-200 bg-white shadow-sm">
      <h2 className="border-b border-gray-100 px-6 py-4 text-lg font-semibold text-gray-900">
        Full Leaderboard
      </h2>
      {entries.length === 0 ? (
        <p className="px-6 py-10 text-center text-gray-600">
          No referrals yet at your university. Share your code and be the first on the board!
        </p>
      ) : (
        <ol aria-label="Full leaderboard" className="divide-y divide-gray-100">
          {entries.map((entry, index) => {
            const isMe = entry.userId === userId;
            return (
              <li
                key={entry.id}
                className={cn('flex items-center gap-4 px-4 py-3 sm:px-6', isMe && 'bg-brand-50')}
              >
                <span className="w-10 shrink-0 text-lg font-bold text-gray-700">#{index + 1}</span>
                <Avatar name={entry.name} src={entry.profilePicture} size="sm" />
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-gray-900">
                    {entry.name}
                    {isMe && <span className="text-brand-700"> (You)</span>}
                  </p>
                  <div className="mt-1 flex flex-wrap gap-1">
                    {decodeTagList(entry.skills)
                      .slice(0, 3)
                      .map((skill) => (
                        <Badge key={skill}>{skill}</Badge>
                      ))}
                  </div>
                </div>
                <span className="shrink-0 text-right text-sm text-gray-700">
                  <span className="block text-lg font-bold text-gray-900">
                    {formatNumber(entry.referralCount)}
                  </span>
                  referrals
                </span>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
