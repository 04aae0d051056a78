import type { UserRecord } from '@campuscollab/sdk';
import { decodeTagList } from '@campuscollab/shared';
import { ExternalLink, GraduationCap, MessageSquare } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TagList } from '../../components/ui/tag-list';
import { MatchReasons } from '../../features/campus/components/match-reasons';
import { ProfileLinks } from '../../features/profiles/components/profile-links';
import { contactLinksOf } from '../../features/profiles/contact-links';
import { BlockButton } from '../../features/safety/components/block-button';
import { ReportButton } from '../../features/safety/components/report-button';
import { PageLink } from '../../lib/page-link';

// docs/product.md §9: 4 skills and 3 interests on a collaborator card.
const SKILLS_SHOWN = 4;
const INTERESTS_SHOWN = 3;

export function CollaboratorCard({
  person,
  onContact,
}: {
  /** A recommended person also says which of their skills matched. */
  person: UserRecord & { matches?: string[] };
  onContact: (person: UserRecord) => void;
}) {
  const name = person.name?.trim() || 'Anonymous User';
  const skills = decodeTagList(person.skills).slice(0, SKILLS_SHOWN);
  const interests = decodeTagList(person.interests).slice(0, INTERESTS_SHOWN);
  const { portfolio } = contactLinksOf(person);

  return (
    <Card className="flex h-full flex-col gap-4" aria-label={name} role="article">
      <div className="flex items-start gap-3">
        <Avatar name={name} src={person.profilePicture} />
        <div className="min-w-0">
          <h3 className="truncate text-lg font-semibold text-gray-900">
            <PageLink page="profile" params={{ id: person.userId }} className="hover:underline">
              {name}
            </PageLink>
          </h3>
          <p className="text-sm text-brand-700">{person.role || 'Student'}</p>
          <p className="flex items-center gap-1 text-sm text-gray-600">
            <GraduationCap aria-hidden="true" className="h-4 w-4 shrink-0" />
            <span className="truncate">{person.university}</span>
          </p>
        </div>
      </div>
      {person.bio && <p className="line-clamp-3 text-sm text-gray-700">{person.bio}</p>}
      {skills.length > 0 && (
        <div>
          <p className="mb-1 text-xs font-medium text-gray-600 uppercase">Skills</p>
          <TagList tags={skills} label={`Skills of ${name}`} tone="brand" className="gap-1.5" />
        </div>
      )}
      {interests.length > 0 && (
        <div>
          <p className="mb-1 text-xs font-medium text-gray-600 uppercase">Interests</p>
          <TagList tags={interests} label={`Interests of ${name}`} className="gap-1.5" />
        </div>
      )}
      <div className="mb-3 empty:hidden">
        <MatchReasons matches={person.matches} />
      </div>
      <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-gray-100 pt-4">
        <ProfileLinks person={person} name={name} compact portfolio={false} />
        <Button
          size="sm"
          className="ml-auto"
          onClick={() => onContact(person)}
          aria-label={`Contact ${name}`}
        >
          <MessageSquare aria-hidden="true" className="h-4 w-4" />
          Contact
        </Button>
      </div>
      {portfolio && (
        <a
          href={portfolio}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <ExternalLink aria-hidden="true" className="h-4 w-4" />
          View Portfolio
        </a>
      )}
      <div className="-mb-2 flex justify-end gap-1">
        <ReportButton targetKind="profile" targetId={person.userId} targetName={name} />
        <BlockButton userId={person.userId} name={name} />
      </div>
    </Card>
  );
}
