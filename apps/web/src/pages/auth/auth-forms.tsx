import { useNavigation } from '../../lib/navigation';
import { Alert } from '../../components/ui/alert';
import { Card } from '../../components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { AddressNotice } from './address-notice';
import type { AuthFeedback, AuthFeedbackHandlers } from './auth-feedback';
import { ForgotPasswordForm } from './forgot-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

type AuthTab = 'signup' | 'signin';

/** The signed-out auth page: the two tabs and the boxes of docs/product.md §2.4. */
export function AuthForms({
  feedback,
  handlers,
}: {
  feedback: AuthFeedback;
  handlers: AuthFeedbackHandlers;
}) {
  const { params, navigate } = useNavigation();
  // The tab lives in the address so other pages (password reset) can open the sign-in tab,
  // and so does the "Forgot password?" form within it (`view=forgot`).
  const tab: AuthTab = params.tab === 'signin' ? 'signin' : 'signup';
  const forgot = tab === 'signin' && params.view === 'forgot';
  const show = (next: Record<string, string>) => {
    handlers.onError(null);
    navigate('auth', next, { replace: true });
  };
  const selectTab = (value: string) => show({ tab: value });

  return (
    <Card className="space-y-5">
      <div className="text-center">
        <h1 className="text-2xl font-bold text-gray-900">Welcome to CampusCollab</h1>
        <p className="mt-1 text-sm text-gray-700">
          Team up with students from your university and nearby campuses.
        </p>
      </div>

      <AddressNotice notice={params.notice} />

      <Alert title="School Email Required">
        Sign up with your school email address: one ending in .edu or your university&apos;s domain
        (such as .ac.uk, .edu.au or .edu.ca).
      </Alert>

      {feedback.error && <Alert tone="error">{feedback.error}</Alert>}

      {feedback.sentTo && (
        <Alert tone="success" title="Verification Email Sent">
          We sent a verification link to {feedback.sentTo}. Please check your inbox and click the
          link to verify your email and choose your password.
        </Alert>
      )}

      <Tabs value={tab} onValueChange={selectTab} className="space-y-5">
        <TabsList label="Sign up or sign in">
          <TabsTrigger value="signup">Sign Up</TabsTrigger>
          <TabsTrigger value="signin">Sign In</TabsTrigger>
        </TabsList>
        <TabsContent value="signup">
          <SignUpForm {...handlers} />
        </TabsContent>
        <TabsContent value="signin">
          {forgot ? (
            <ForgotPasswordForm {...handlers} onBack={() => show({ tab: 'signin' })} />
          ) : (
            <SignInForm
              {...handlers}
              onForgotPassword={() => show({ tab: 'signin', view: 'forgot' })}
            />
          )}
        </TabsContent>
      </Tabs>

      <p className="text-center text-xs text-gray-600">
        By continuing, you agree to our Terms of Service and Privacy Policy.
      </p>
    </Card>
  );
}
