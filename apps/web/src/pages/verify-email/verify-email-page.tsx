import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { useVerifyEmail } from '../../features/auth/api/verify-email';
import { EmailLinkCard, useEmailLinkOutcome } from '../../features/auth/components/email-link-card';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { ResendVerificationForm } from './resend-verification-form';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * Where the verification email's link leads (`?page=verify-email&token=...`). The link proves
 * the mailbox; here its owner chooses the account's password and is signed in. The auth page
 * then goes on as after sign-in: Complete Your Profile, or the dashboard.
 */
export function VerifyEmailPage() {
  useDocumentTitle('Verify your email');
  const { params, navigate } = useNavigation();
  const token = params.token ?? '';
  const verify = useVerifyEmail();
  const outcome = useEmailLinkOutcome(token);

  const submit = (password: string) => {
    outcome.start();
    verify.mutate(
      { token, password },
      {
        // Replace: the used link's page should not come back with Back.
        onSuccess: () => navigate('auth', {}, { replace: true }),
        onError: outcome.fail,
      },
    );
  };

  return (
    <EmailLinkCard
      linkFailed={outcome.linkFailed}
      title="Verify Your Email"
      failedTitle="Verification Link Invalid"
      recovery={
        <>
          <p className="text-sm text-gray-700">
            Enter your school email to get a new verification link. If you already verified your
            address, sign in instead.
          </p>
          <ResendVerificationForm />
          <Button
            variant="ghost"
            className="w-full"
            onClick={() => navigate('auth', { tab: 'signin' })}
          >
            Go to Sign In
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">
        Your email is confirmed once you choose the password for your account. It can be the one you
        signed up with, or a new one.
      </p>
      <NewPasswordForm
        passwordLabel="Password"
        passwordHint="At least 8 characters"
        submitLabel="Verify and Sign In"
        busyLabel="Verifying..."
        busy={verify.isPending}
        serverError={outcome.error}
        onSubmit={submit}
      />
    </EmailLinkCard>
  );
}
