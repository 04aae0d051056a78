import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { EditProfileForm } from './edit-profile-form';
import { useDocumentTitle } from '../../lib/document-title';

/** Edit profile (docs/product.md §2.15); a student without a profile is sent to auth (§4.8). */
export function EditProfilePage() {
  useDocumentTitle('Edit profile');
  const { user } = useAuth();
  const { navigate } = useNavigation();
  const { data: profile, isPending, error } = useOwnProfile();

  useEffect(() => {
    if (profile === null) navigate('auth', {}, { replace: true });
  }, [profile, navigate]);
  useEffect(() => {
    if (error) console.error('Error loading profile:', error);
  }, [error]);

  if (!user) {
    return <p className="py-16 text-center text-gray-700">Please sign in to edit your profile.</p>;
  }
  if (isPending || !profile) return <Spinner label="Loading profile..." />;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <Button variant="ghost" onClick={() => navigate('dashboard')} className="-ml-3">
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Dashboard
      </Button>
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Edit Profile</h1>
        <p className="mt-1 text-gray-700">
          Help other students get to know you and find you for projects.
        </p>
      </div>
      <EditProfileForm key={profile.id} profile={profile} />
    </div>
  );
}
