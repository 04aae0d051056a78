import type { UserRecord } from '@campuscollab/sdk';
import { decodeTagList } from '@campuscollab/shared';
import { GraduationCap, MapPin, MessageSquare, Pencil } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { TagList } from '../../components/ui/tag-list';
import { IconText } from '../../components/ui/icon-text';
import { ContactDialog } from '../../features/messages/components/contact-dialog';
import { ProfileLinks } from '../../features/profiles/components/profile-links';
import { BlockButton } from '../../features/safety/components/block-button';
import { ReportButton } from '../../features/safety/components/report-button';
import { PageLink } from '../../lib/page-link';
import { useNavigation } from '../../lib/navigation';
import { OpenProjects } from './open-projects';

function TagSection({
  heading,
  tags,
  tone,
}: {
  heading: string;
  tags: string[];
  tone: 'brand' | 'neutral';
}) {
  return (
    <div>
      <h2 className="text-lg font-semibold text-gray-900">{heading}</h2>
      {tags.length > 0 ? (
        <TagList tags={tags} label={heading} tone={tone} className="mt-3" />
      ) : (
        <p className="mt-3 text-gray-700">None listed yet.</p>
      )}
    </div>
  );
}

/** A student's page once their profile has loaded: what their card shows, in full. */
export function ProfileDetails({ person, viewerId }: { person: UserRecord; viewerId: string }) {
  const [contactOpen, setContactOpen] = useState(false);
  const name = person.name?.trim() || 'Anonymous User';
  const own = person.userId === viewerId;
  const { navigate } = useNavigation();

  return (
    <article aria-labelledby="profile-name" className="space-y-6">
      <Card className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <Avatar name={name} src={person.profilePicture} size="lg" />
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <h1 id="profile-name" className="text-3xl font-bold text-gray-900">
              {name}
            </h1>
            <p className="text-brand-700">{person.role || 'Student'}</p>
            <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-600">
              <IconText icon={GraduationCap}>{person.university}</IconText>
              {person.city && <IconText icon={MapPin}>{person.city}</IconText>}
            </p>
          </div>
          <ProfileLinks person={person} name={name} />
          {/* Contact, Report and Block for someone else; Edit Profile for oneself (§2.20). */}
          <div className="flex flex-wrap gap-2">
            {own ? (
              <PageLink
                page="edit-profile"
                className="inline-flex items-center justify-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-50"
              >
                <Pencil aria-hidden="true" className="h-4 w-4" />
                Edit Profile
              </PageLink>
            ) : (
              <>
                <Button onClick={() => setContactOpen(true)} aria-label={`Contact ${name}`}>
                  <MessageSquare aria-hidden="true" className="h-4 w-4" />
                  Contact
                </Button>
                <ReportButton targetKind="profile" targetId={person.userId} targetName={name} />
                {/* Once blocked, this page would read as not found: go back to the list. */}
                <BlockButton
                  userId={person.userId}
                  name={name}
                  onBlocked={() => navigate('find-collaborators')}
                />
              </>
            )}
          </div>
        </div>
      </Card>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          {person.bio && (
            <Card>
              <h2 className="text-lg font-semibold text-gray-900">About</h2>
              <p className="mt-3 whitespace-pre-line text-gray-700">{person.bio}</p>
            </Card>
          )}
          <Card className="space-y-6">
            <TagSection heading="Skills" tags={decodeTagList(person.skills)} tone="brand" />
            <TagSection heading="Interests" tags={decodeTagList(person.interests)} tone="neutral" />
          </Card>
        </div>
        <div className="min-w-0">
          <OpenProjects userId={person.userId} name={name} />
        </div>
      </div>

      {!own && (
        <ContactDialog
          open={contactOpen}
          onOpenChange={setContactOpen}
          recipientId={person.userId}
          recipientName={name}
        />
      )}
    </article>
  );
}
