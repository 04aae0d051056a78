import { useEffect, useState } from 'react';
import { takeReturnTarget } from '../../app/return-to';
import { useNavigation } from '../../lib/navigation';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useOwnProfile } from '../../features/profiles/api/get-own-profile';
import { CompleteProfileForm } from './complete-profile-form';

/**
 * Signed in with a school email (docs/product.md §2.4): a profile that already exists leads to the
 * dashboard; otherwise the student completes one and goes on to complete-profile.
 */
export function ProfileStep({ email }: { email: string }) {
  const { navigate } = useNavigation();
  const profile = useOwnProfile();
  // Remembers that this visit began without a profile, so the one created here leads to
  // complete-profile rather than straight to the dashboard.
  const [startedWithout, setStartedWithout] = useState(false);
  if (profile.data === null && !startedWithout) setStartedWithout(true);

  const hasProfile = Boolean(profile.data);
  useEffect(() => {
    if (!hasProfile) return;
    if (startedWithout) navigate('complete-profile');
    else {
      // A protected page the visitor was sent here from comes first (a shared project link).
      // Replace: Back from there should not land here and bounce forward again.
      const target = takeReturnTarget();
      navigate(target?.page ?? 'dashboard', target?.params ?? {}, { replace: true });
    }
  }, [hasProfile, startedWithout, navigate]);

  if (profile.isError) {
    return (
      <Alert tone="error" title="Could not load your profile">
        Please check your connection and reload the page.
      </Alert>
    );
  }
  if (profile.data === null || (startedWithout && hasProfile)) {
    return <CompleteProfileForm email={email} />;
  }
  return <Spinner />;
}
