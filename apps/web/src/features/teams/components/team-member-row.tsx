import type { TeamMember } from '@campuscollab/shared/core';
import type { ReactNode } from 'react';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';

/**
 * One member: avatar, name, and under it the "Owner" badge and whether they are in the team space
 * now. Two lines, so a phone keeps the name beside a Remove button (docs/product.md §2.21).
 */
export function TeamMemberRow({
  member,
  online,
  action,
}: {
  member: TeamMember;
  online?: boolean;
  action?: ReactNode;
}) {
  const owner = member.role === 'owner';
  return (
    <li className="flex items-center gap-3 py-2">
      <Avatar name={member.name} src={member.profilePicture} size="sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-gray-900">{member.name}</p>
        {(owner || online !== undefined) && (
          <p className="mt-0.5 flex flex-wrap items-center gap-2 text-sm">
            {owner && <Badge tone="brand">Owner</Badge>}
            {online !== undefined && (
              <span className={online ? 'text-green-700' : 'text-gray-600'}>
                {online ? 'Online' : 'Offline'}
              </span>
            )}
          </p>
        )}
      </div>
      {action}
    </li>
  );
}
