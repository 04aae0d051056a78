import { SCHOOL_EMAIL_LOGIN_MESSAGE } from '@campuscollab/shared/core';
import { ArrowLeft } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState, type MouseEvent } from 'react';
import { useNavigation } from '../../lib/navigation';
import { Spinner } from '../../components/ui/spinner';
import { useSchoolEmailCheck } from '../../features/auth/api/check-school-email';
import { useLogOut } from '../../features/auth/api/log-out';
import { useAuth } from '../../features/auth/use-auth';
import { NO_FEEDBACK, type AuthFeedback, type AuthFeedbackHandlers } from './auth-feedback';
import { AuthForms } from './auth-forms';
import { useDocumentTitle } from '../../lib/document-title';

// Only a signed-in visitor sees the profile step, and its form (the role and university pickers,
// the profile schema) is most of the page's code: the sign-in form paints without it.
const ProfileStep = lazy(() =>
  import('./profile-step').then((module) => ({ default: module.ProfileStep })),
);

/** What the page asks of the visitor, by the tab and view in the address. */
function authTitle(signedIn: boolean, params: Record<string, string>): string {
  if (signedIn) return 'Complete your profile';
  if (params.tab !== 'signin') return 'Sign up';
  return params.view === 'forgot' ? 'Reset your password' : 'Sign in';
}

/** docs/product.md §2.4, Auth: sign up, sign in, then the profile step once signed in. */
export function AuthPage() {
  const { navigate, params } = useNavigation();
  const { user, loading } = useAuth();
  useDocumentTitle(authTitle(Boolean(user), params));
  const logOut = useLogOut();
  const [feedback, setFeedback] = useState<AuthFeedback>(NO_FEEDBACK);
  // The server says whether the address is a school's (docs/product.md §5.1). When it cannot
  // be asked, the account is not signed out: it was let in by the server's own sign-up check.
  const school = useSchoolEmailCheck(user?.email ?? null);
  const outsider = Boolean(user) && school.data?.institutional === false;
  const asking = Boolean(user) && school.isPending;

  // docs/product.md §4.7: a signed-in user whose email is not a school email is logged out at once.
  // The server refuses such sign-ups, so this guards accounts made before the rule or elsewhere.
  useEffect(() => {
    if (!outsider) return;
    void logOut().then(() => setFeedback({ error: SCHOOL_EMAIL_LOGIN_MESSAGE, sentTo: null }));
  }, [outsider, logOut]);

  const handlers = useMemo<AuthFeedbackHandlers>(
    () => ({
      onStart: () => setFeedback(NO_FEEDBACK),
      onError: (error) => setFeedback((current) => ({ ...current, error })),
      onVerificationSent: (sentTo) => setFeedback((current) => ({ ...current, sentTo })),
    }),
    [],
  );

  const goHome = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    navigate('landing');
  };

  let content;
  if (loading || outsider || asking) content = <Spinner />;
  else if (user) {
    content = (
      <Suspense fallback={<Spinner />}>
        <ProfileStep email={user.email} />
      </Suspense>
    );
  } else content = <AuthForms feedback={feedback} handlers={handlers} />;

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <a
        href="/"
        onClick={goHome}
        className="mb-6 inline-flex items-center gap-2 rounded-md text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        Back to Home
      </a>
      {content}
    </div>
  );
}
