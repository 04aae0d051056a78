import { INVALID_LINK_MESSAGE } from '@campuscollab/shared/core';
import { useState } from 'react';
import { useNavigation } from '../../app/navigation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useLogOut } from '../../features/auth/api/log-out';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { describeAuthError, isInvalidLink } from '../../features/auth/describe-auth-error';
import { useAuth } from '../../features/auth/use-auth';

/**
 * Where the password reset email's link leads (`?page=reset-password&token=...`): a new
 * password, then the sign-in tab with a notice. The server ends every sign-in of the account.
 */
export function ResetPasswordPage() {
  const { params, navigate } = useNavigation();
  const token = params.token ?? '';
  const reset = useResetPassword();
  const { user } = useAuth();
  const logOut = useLogOut();
  const [linkFailed, setLinkFailed] = useState(token === '');
  const [error, setError] = useState<string | null>(null);

  const submit = (password: string) => {
    setError(null);
    reset.mutate(
      { token, password },
      {
        onSuccess: async () => {
          // A session open in this browser may be one the reset just ended; the notice asks
          // for a fresh sign-in either way.
          if (user) await logOut();
          navigate('auth', { tab: 'signin', notice: 'password-reset' }, { replace: true });
        },
        onError: (failure) => {
          if (isInvalidLink(failure)) setLinkFailed(true);
          else setError(describeAuthError(failure).message);
        },
      },
    );
  };

  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-12">
      <Card className="space-y-5">
        <h1 className="text-2xl font-bold text-gray-900">
          {linkFailed ? 'Reset Link Invalid' : 'Choose a New Password'}
        </h1>
        {linkFailed ? (
          <>
            <Alert tone="error">{INVALID_LINK_MESSAGE}</Alert>
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
        ) : (
          <NewPasswordForm
            passwordLabel="New Password"
            passwordHint="At least 8 characters"
            submitLabel="Reset Password"
            busyLabel="Resetting..."
            busy={reset.isPending}
            serverError={error}
            onSubmit={submit}
          />
        )}
      </Card>
    </div>
  );
}
