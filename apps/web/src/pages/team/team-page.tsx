import { useEffect } from 'react';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
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

  if (!user || team.isPending) return <Spinner label="Loading team..." />;
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
  const removeMember = (userId: string, question: string) => {
    if (!window.confirm(question)) return;
    remove.mutate({ projectId, userId });
  };

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 lg:grid-cols-3">
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
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={remove.isPending}
                    onClick={() =>
                      removeMember(member.userId, `Remove ${member.name} from the team?`)
                    }
                  >
                    Remove
                  </Button>
                ) : undefined
              }
            />
          ))}
        </ul>
        {viewerRole === 'member' && (
          <Button
            variant="secondary"
            className="mt-4 w-full"
            disabled={remove.isPending}
            onClick={() => removeMember(user.id, 'Leave this team? You will lose the team space.')}
          >
            Leave team
          </Button>
        )}
      </Card>
    </div>
  );
}
