import toast from 'react-hot-toast';
import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { ConfirmButton } from '../../components/ui/confirm-button';
import { LoadFailed } from '../../components/ui/load-failed';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useRemoveMember, useTeam } from '../../features/teams/api/use-team';
import { ChatComposer } from '../../features/teams/components/chat-composer';
import { MessageList } from '../../features/teams/components/message-list';
import { TeamMemberRow } from '../../features/teams/components/team-member-row';
import { useLiveTeams } from '../../features/teams/live/use-live-teams';
import { useTeamChat } from '../../features/teams/live/use-team-chat';
import { useDocumentTitle } from '../../lib/document-title';
import { formatNumber } from '../../lib/format';
import { useNavigation } from '../../lib/navigation';

/**
 * The team space (`?page=team&id=<project id>`): the private chat of a project's owner and
 * accepted members, who is online, and the team. The owner removes members; a member leaves.
 */
export function TeamPage() {
  const { params, navigate } = useNavigation();
  const { user } = useAuth();
  const projectId = params.id ?? '';
  const team = useTeam(projectId || undefined);
  const isMember = Boolean(team.data?.viewerRole);
  const chat = useTeamChat(projectId, isMember);
  const remove = useRemoveMember();
  useLiveTeams(user?.id);

  useEffect(() => {
    if (team.error) console.error('Failed to load the team', team.error);
  }, [team.error]);
  useDocumentTitle(
    team.data?.viewerRole
      ? `${team.data.project.title} team`
      : team.isPending
        ? 'Team'
        : 'Team space',
  );

  // Without an id the query never runs: the address names no team the student can open.
  if (!user || (projectId && team.isPending)) return <Spinner label="Loading team..." />;
  if (team.isError && team.data === undefined) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <LoadFailed
          title="Could not load this team"
          retrying={team.isFetching}
          onRetry={() => void team.refetch()}
        />
      </div>
    );
  }
  if (!team.data?.viewerRole || chat.state === 'refused') {
    return (
      <div className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-gray-900">This team space is private</h1>
        <p className="mt-2 text-gray-700">
          Only the project’s owner and accepted members can open it.
        </p>
        <Button className="mt-6" onClick={() => navigate('dashboard')}>
          Back to Dashboard
        </Button>
      </div>
    );
  }

  const { project, members, viewerRole } = team.data;
  const removeMember = (userId: string) =>
    remove.mutateAsync({ projectId, userId }).catch((error: unknown) => {
      console.error('Failed to change the team', error);
      toast.error('Could not change the team. Please try again.');
      throw error;
    });

  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-8 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <h1 className="text-2xl font-bold text-gray-900">{project.title}</h1>
        <p className="text-sm text-gray-600">Team space</p>
        {chat.state === 'loading' ? (
          <Spinner label="Loading messages..." />
        ) : (
          <MessageList messages={chat.messages} members={members} myId={user.id} />
        )}
        <div className="mt-4">
          <ChatComposer onSend={chat.send} />
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold text-gray-900">Team</h2>
        <p className="text-sm text-gray-600">{formatNumber(chat.online.size)} online</p>
        <ul aria-label="Team members" className="mt-2 divide-y divide-gray-100">
          {members.map((member) => (
            <TeamMemberRow
              key={member.userId}
              member={member}
              online={chat.online.has(member.userId)}
              action={
                viewerRole === 'owner' && member.role === 'member' ? (
                  <ConfirmButton
                    size="sm"
                    variant="ghost"
                    aria-label={`Remove ${member.name}`}
                    title={`Remove ${member.name} from the team?`}
                    description="They lose the team space at once. Their application becomes declined."
                    confirmLabel="Remove"
                    busyLabel="Removing..."
                    onConfirm={() => removeMember(member.userId)}
                  >
                    Remove
                  </ConfirmButton>
                ) : undefined
              }
            />
          ))}
        </ul>
        {viewerRole === 'member' && (
          <ConfirmButton
            variant="secondary"
            className="mt-4 w-full"
            title="Leave this team?"
            description="You will lose the team space. You can apply again while the project is open."
            confirmLabel="Leave team"
            busyLabel="Leaving..."
            onConfirm={() => removeMember(user.id)}
          >
            Leave team
          </ConfirmButton>
        )}
      </Card>
    </div>
  );
}
