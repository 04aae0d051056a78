import { Users } from 'lucide-react';
import type { TeamSummary } from '@campuscollab/shared/core';
import { useEffect, type ReactNode } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNavigation } from '../../../lib/navigation';
import { useMyTeams } from '../api/use-my-teams';
import { formatNumber } from '../../../lib/format';

/**
 * "Teams" on the dashboard: "{n} unread" over all the student's teams (the summary cards'
 * manner), then each team with its own unread count and a way into its team space.
 */
export function TeamsCard({
  userId,
  ownerActions,
}: {
  userId: string;
  /** The owner's controls on their own project (edit, close, reopen), from the dashboard. */
  ownerActions?: (team: TeamSummary) => ReactNode;
}) {
  const { navigate } = useNavigation();
  const teams = useMyTeams(userId);
  useEffect(() => {
    if (teams.error) console.error('Failed to load teams', teams.error);
  }, [teams.error]);

  return (
    <Card>
      <h2 className="flex items-center gap-2 text-lg font-semibold text-gray-900">
        <Users aria-hidden="true" className="h-5 w-5 text-brand-600" />
        Teams
      </h2>
      <p className="mt-4 text-xl font-semibold text-gray-900" data-testid="teams-unread">
        {teams.isPending ? (
          <Skeleton className="h-6 w-40" />
        ) : (
          `${formatNumber(teams.data?.unread ?? 0)} unread`
        )}
      </p>
      {teams.data && teams.data.teams.length === 0 && (
        <p className="mt-2 text-gray-700">
          You are on no team yet. Post a project or apply to one to start.
        </p>
      )}
      <ul aria-label="My teams" className="mt-2 divide-y divide-gray-100">
        {teams.data?.teams.map((team) => (
          <li key={team.projectId} className="flex flex-wrap items-center gap-3 py-2">
            <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{team.title}</span>
            {team.status === 'Closed' && <Badge>Closed</Badge>}
            {team.role === 'owner' && <Badge tone="brand">Owner</Badge>}
            {team.role === 'owner' && ownerActions?.(team)}
            {team.unread > 0 && <Badge tone="amber">{formatNumber(team.unread)} unread</Badge>}
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Open team space of ${team.title}`}
              onClick={() => navigate('team', { id: team.projectId })}
            >
              Open
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}
