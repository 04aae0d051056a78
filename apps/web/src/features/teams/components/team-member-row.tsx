import type { TeamMember } from '@campuscollab/shared/core';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';

/** One member: avatar, name, "Owner" badge, and whether they are in the team space now. */
export function TeamMemberRow({
  member,
  online,
  action,
}: {
  member: TeamMember;
  online?: boolean;
  action?: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar name={member.name} src={member.profilePicture} size="sm" />
      <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{member.name}</span>
      {member.role === 'owner' && <Badge tone="brand">Owner</Badge>}
      {online !== undefined && (
        <span className={online ? 'text-sm text-green-700' : 'text-sm text-gray-600'}>
          {online ? 'Online' : 'Offline'}
        </span>
      )}
      {action}
    </li>
  );
}
