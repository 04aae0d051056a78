import { useEffect } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Spinner } from '../../components/ui/spinner';
import { useAuth } from '../../features/auth/use-auth';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { useDeleteAccount } from '../../features/profiles/api/delete-account';
import { AccountInformation } from './account-information';
import { BlockedStudents } from '../../features/safety/components/blocked-students';
import { DangerZone } from './danger-zone';
import { NotificationSettings } from './notification-settings';
import { useDocumentTitle } from '../../lib/document-title';

/** Settings (docs/product.md §2.16): account information, notifications and account deletion. */
export function SettingsPage() {
  useDocumentTitle('Settings');
  const { user } = useAuth();
  const { navigate } = useNavigation();
  const { data: profile, isPending, error } = useOwnProfile();
  const deleteAccount = useDeleteAccount();

  useEffect(() => {
    // After deletion the profile is gone too; landing, not auth, is where that ends.
    if (profile === null && !deleteAccount.isSuccess) navigate('auth', {}, { replace: true });
  }, [profile, navigate, deleteAccount.isSuccess]);
  useEffect(() => {
    if (error) console.error('Error loading settings:', error);
  }, [error]);

  if (!user && !deleteAccount.isSuccess) {
    return <p className="py-16 text-center text-gray-700">Please sign in to view your settings.</p>;
  }
  if (isPending || !profile) return <Spinner label="Loading settings..." />;

  // mutateAsync, not mutate: signing out unmounts this page (protected pages need a user), and
  // mutate's own callbacks would then never run.
  const remove = async () => {
    try {
      await deleteAccount.mutateAsync();
      navigate('landing', {}, { replace: true });
    } catch (failure) {
      // docs/product.md §4.12: on failure the busy state ends (isPending clears); logged only.
      console.error('Error deleting account:', failure);
    }
  };

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-3xl font-bold text-gray-900">Settings</h1>
        <p className="mt-1 text-gray-700">Manage your account and notification preferences.</p>
      </div>
      <AccountInformation
        profile={profile}
        email={user?.email ?? ''}
        onEditProfile={() => navigate('edit-profile')}
      />
      <NotificationSettings key={profile.id} profile={profile} />
      <BlockedStudents />
      <DangerZone deleting={deleteAccount.isPending} onDelete={() => void remove()} />
    </div>
  );
}
