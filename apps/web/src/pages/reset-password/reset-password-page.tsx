import { useNavigation } from '../../lib/navigation';
import { Button } from '../../components/ui/button';
import { useLogOut } from '../../features/auth/api/log-out';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { EmailLinkCard, useEmailLinkOutcome } from '../../features/auth/components/email-link-card';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { useAuth } from '../../features/auth/use-auth';
import { useDocumentTitle } from '../../lib/document-title';

/**
 * Where the password reset email's link leads (`?page=reset-password&token=...`): a new
 * password, then the sign-in tab with a notice. The server ends every sign-in of the account.
 */
export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password');
  const { params, navigate } = useNavigation();
  const token = params.token ?? '';
  const reset = useResetPassword();
  const { user } = useAuth();
  const logOut = useLogOut();
  const outcome = useEmailLinkOutcome(token);

  const submit = (password: string) => {
    outcome.start();
    reset.mutate(
      { token, password },
      {
        onSuccess: async () => {
          // A session open in this browser may be one the reset just ended; the notice asks
          // for a fresh sign-in either way.
          if (user) await logOut();
          navigate('auth', { tab: 'signin', notice: 'password-reset' }, { replace: true });
        },
        onError: outcome.fail,
      },
    );
  };

  return (
    <EmailLinkCard
      linkFailed={outcome.linkFailed}
      title="Choose a New Password"
      failedTitle="Reset Link Invalid"
      recovery={
        <>
          <Button
            className="w-full"
            onClick={() => navigate('auth', { tab: 'signin', view: 'forgot' })}
          >
            Request a New Link
          </Button>
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
      <NewPasswordForm
        passwordLabel="New Password"
        passwordHint="At least 8 characters"
        submitLabel="Reset Password"
        busyLabel="Resetting..."
        busy={reset.isPending}
        serverError={outcome.error}
        onSubmit={submit}
      />
    </EmailLinkCard>
  );
}
