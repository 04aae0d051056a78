import type { UserRecord } from '@campuscollab/sdk';
import { isHttpUrl } from '@campuscollab/shared';
import { AtSign, Briefcase, ExternalLink, Mail } from 'lucide-react';
import type { ReactNode } from 'react';

function ProfileLink({
  href,
  label,
  children,
}: {
  href: string;
  label: string;
  children: ReactNode;
}) {
  const external = href.startsWith('http');
  return (
    <li>
      <a
        href={href}
        title={label}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        className="inline-flex items-center gap-1 rounded-full border border-gray-200 px-2.5 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100"
      >
        {children}
      </a>
    </li>
  );
}

/**
 * The links a collaborator card shows (docs/product.md §2.11), each only when set: Instagram
 * (a direct message), LinkedIn, Email and the portfolio. Links that are not http(s) never show.
 */
export function ProfileLinks({ person, name }: { person: UserRecord; name: string }) {
  const handle = person.instagramHandle?.replace(/^@/, '');
  const linkedin = person.linkedinUrl && isHttpUrl(person.linkedinUrl) ? person.linkedinUrl : null;
  const portfolio =
    person.portfolioLink && isHttpUrl(person.portfolioLink) ? person.portfolioLink : null;
  if (!handle && !linkedin && !person.contactEmail && !portfolio) return null;

  return (
    <ul className="flex flex-wrap gap-2" aria-label={`Links of ${name}`}>
      {handle && (
        <ProfileLink
          href={`https://ig.me/m/${encodeURIComponent(handle)}`}
          label={`Instagram DM ${name}`}
        >
          <AtSign aria-hidden="true" className="h-4 w-4" />
          Instagram
        </ProfileLink>
      )}
      {linkedin && (
        <ProfileLink href={linkedin} label={`LinkedIn of ${name}`}>
          <Briefcase aria-hidden="true" className="h-4 w-4" />
          LinkedIn
        </ProfileLink>
      )}
      {person.contactEmail && (
        <ProfileLink href={`mailto:${person.contactEmail}`} label={`Email ${name}`}>
          <Mail aria-hidden="true" className="h-4 w-4" />
          Email
        </ProfileLink>
      )}
      {portfolio && (
        <ProfileLink href={portfolio} label={`Portfolio of ${name}`}>
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          View Portfolio
        </ProfileLink>
      )}
    </ul>
  );
}
