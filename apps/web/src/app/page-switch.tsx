import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from '../features/auth/use-auth';
import { LandingPage } from '../pages/landing/landing-page';
import { useNavigation } from '../lib/navigation';
import { PROTECTED_PAGES, type PageName } from './pages';
import { rememberReturnTarget } from './return-to';

const page = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazy(() => load().then((module) => ({ default: module[name] })));

// Landing ships with the first load; every other page loads on demand.
const PAGES: Record<PageName, ComponentType> = {
  landing: LandingPage,
  auth: page(() => import('../pages/auth/auth-page'), 'AuthPage'),
  'complete-profile': page(
    () => import('../pages/complete-profile/complete-profile-page'),
    'CompleteProfilePage',
  ),
  dashboard: page(() => import('../pages/dashboard/dashboard-page'), 'DashboardPage'),
  explore: page(() => import('../pages/explore/explore-page'), 'ExplorePage'),
  'post-project': page(() => import('../pages/post-project/post-project-page'), 'PostProjectPage'),
  'find-collaborators': page(
    () => import('../pages/find-collaborators/find-collaborators-page'),
    'FindCollaboratorsPage',
  ),
  leaderboard: page(() => import('../pages/leaderboard/leaderboard-page'), 'LeaderboardPage'),
  messages: page(() => import('../pages/messages/messages-page'), 'MessagesPage'),
  'edit-profile': page(() => import('../pages/edit-profile/edit-profile-page'), 'EditProfilePage'),
  settings: page(() => import('../pages/settings/settings-page'), 'SettingsPage'),
  'verify-email': page(() => import('../pages/verify-email/verify-email-page'), 'VerifyEmailPage'),
  'reset-password': page(
    () => import('../pages/reset-password/reset-password-page'),
    'ResetPasswordPage',
  ),
  project: page(() => import('../pages/project/project-page'), 'ProjectPage'),
  profile: page(() => import('../pages/profile/profile-page'), 'ProfilePage'),
  team: page(() => import('../pages/team/team-page'), 'TeamPage'),
};

/** Shows the current page; a signed-out visitor on a protected page is sent to auth. */
export function PageSwitch() {
  const { page: current, params, navigate } = useNavigation();
  const { user, loading } = useAuth();
  const blocked = PROTECTED_PAGES.has(current) && !user;

  useEffect(() => {
    if (!blocked || loading) return;
    rememberReturnTarget({ page: current, params });
    navigate('auth', {}, { replace: true });
  }, [blocked, loading, current, params, navigate]);

  if (blocked) return <Spinner />;
  const Page = PAGES[current];
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}
