import type { UserRecord } from '@campuscollab/sdk';
import { AtSign, Briefcase, ExternalLink, Mail } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { contactLinksOf } from '../contact-links';

function ProfileLink({
  href,
  label,
  compact,
  children,
}: {
  href: string;
  label: string;
  compact: boolean;
  children: ReactNode;
}) {
  const external = href.startsWith('http');
  return (
    <li>
      <a
        href={href}
        title={label}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className={cn(
          'inline-flex items-center gap-1 rounded-full border border-gray-200 px-2.5 py-1 font-medium text-gray-700 hover:bg-gray-100',
          compact ? 'text-xs' : 'text-sm',
        )}
      >
        {children}
      </a>
    </li>
  );
}

/**
 * A student's links as a row of pills, each only when set (contact-links.ts): Instagram (a
 * direct message), LinkedIn, Email and, unless `portfolio` is false, the portfolio. A
 * collaborator card shows them `compact` and its portfolio link apart, under them.
 */
export function ProfileLinks({
  person,
  name,
  compact = false,
  portfolio = true,
}: {
  person: UserRecord;
  name: string;
  compact?: boolean;
  portfolio?: boolean;
}) {
  const links = contactLinksOf(person);
  const shown = { ...links, portfolio: portfolio ? links.portfolio : null };
  if (!shown.instagram && !shown.linkedin && !shown.email && !shown.portfolio) return null;
  const icon = compact ? 'h-3.5 w-3.5' : 'h-4 w-4';

  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Links of ${name}`}>
      {shown.instagram && (
        <ProfileLink href={shown.instagram} label={`Instagram DM ${name}`} compact={compact}>
          <AtSign aria-hidden="true" className={icon} />
          Instagram
        </ProfileLink>
      )}
      {shown.linkedin && (
        <ProfileLink href={shown.linkedin} label={`LinkedIn of ${name}`} compact={compact}>
          <Briefcase aria-hidden="true" className={icon} />
          LinkedIn
        </ProfileLink>
      )}
      {shown.email && (
        <ProfileLink href={shown.email} label={`Email ${name}`} compact={compact}>
          <Mail aria-hidden="true" className={icon} />
          Email
        </ProfileLink>
      )}
      {shown.portfolio && (
        <ProfileLink href={shown.portfolio} label={`Portfolio of ${name}`} compact={compact}>
          <ExternalLink aria-hidden="true" className={icon} />
          View Portfolio
        </ProfileLink>
      )}
    </ul>
  );
}
