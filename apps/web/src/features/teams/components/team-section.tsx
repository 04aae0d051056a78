import { useEffect } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { useNavigation } from '../../../lib/navigation';
import { useTeam } from '../api/use-team';
import { TeamMemberRow } from './team-member-row';

/**
 * "Team" on a project's page: the owner and accepted members, and for them a link into the team
 * space. Outsiders see the team of an Open project; a Closed project's team shows nothing.
 */
export function TeamSection({ projectId }: { projectId: string }) {
  const { navigate } = useNavigation();
  const team = useTeam(projectId);
  useEffect(() => {
    if (team.error) console.error('Failed to load the team', team.error);
  }, [team.error]);

  if (team.isPending) return <Skeleton className="h-24 w-full" />;
  if (!team.data) return null;
  return (
    <Card>
      <h2 className="text-lg font-semibold text-gray-900">Team</h2>
      <ul className="mt-2 divide-y divide-gray-100">
        {team.data.members.map((member) => (
          <TeamMemberRow key={member.userId} member={member} />
        ))}
      </ul>
      {team.data.viewerRole && (
        <Button className="mt-4" onClick={() => navigate('team', { id: projectId })}>
          Open team space
        </Button>
      )}
    </Card>
  );
}
