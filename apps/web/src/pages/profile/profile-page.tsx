import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { NotFound } from '../../components/layout/not-found';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useProfile } from '../../features/profiles/api/get-profile';
import { useDocumentTitle } from '../../lib/document-title';
import { toLinkId } from '../../lib/link-id';
import { useNavigation } from '../../lib/navigation';
import { PageLink } from '../../lib/page-link';
import { ProfileDetails } from './profile-details';

/** A student's own page, `?page=profile&id={account id}`: a link students can share. */
export function ProfilePage() {
  const { params } = useNavigation();
  const { user } = useAuth();
  const id = toLinkId(params.id);
  const profile = useProfile(user ? id : null);
  const missing = id === null || profile.data === null;

  useDocumentTitle(
    missing
      ? 'Profile not found'
      : profile.data
        ? profile.data.name?.trim() || 'Anonymous User'
        : 'Student profile',
  );
  useEffect(() => {
    if (profile.error) console.error('Failed to load the profile', profile.error);
  }, [profile.error]);

  // Signed out, the page switch is already on its way to auth.
  if (!user) return <Spinner />;
  if (missing) {
    return (
      <NotFound
        heading="Profile not found"
        text="This student doesn't exist or is no longer on CampusCollab."
        back={{ page: 'find-collaborators', label: 'Back to Find Collaborators' }}
      />
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-8 sm:py-10">
      <PageLink
        page="find-collaborators"
        className="inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Find Collaborators
      </PageLink>
      {profile.isError ? (
        <Alert tone="error" title="Could not load this profile">
          Please check your connection and reload the page.
        </Alert>
      ) : profile.data ? (
        <ProfileDetails person={profile.data} viewerId={user.id} />
      ) : (
        <Spinner label="Loading profile..." />
      )}
    </div>
  );
}
