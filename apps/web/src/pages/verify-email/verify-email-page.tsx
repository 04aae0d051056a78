import { INVALID_LINK_MESSAGE } from '@campuscollab/shared/core';
import { useState } from 'react';
import { useNavigation } from '../../app/navigation';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useVerifyEmail } from '../../features/auth/api/verify-email';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { describeAuthError, isInvalidLink } from '../../features/auth/describe-auth-error';
import { ResendVerificationForm } from './resend-verification-form';

/**
 * Where the verification email's link leads (`?page=verify-email&token=...`). The link proves
 * the mailbox; here its owner chooses the account's password and is signed in. The auth page
 * then goes on as after sign-in: Complete Your Profile, or the dashboard.
 */
export function VerifyEmailPage() {
  const { params, navigate } = useNavigation();
  const token = params.token ?? '';
  const verify = useVerifyEmail();
  const [linkFailed, setLinkFailed] = useState(token === '');
  const [error, setError] = useState<string | null>(null);

  const submit = (password: string) => {
    setError(null);
    verify.mutate(
      { token, password },
      {
        // Replace: the used link's page should not come back with Back.
        onSuccess: () => navigate('auth', {}, { replace: true }),
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
          {linkFailed ? 'Verification Link Invalid' : 'Verify Your Email'}
        </h1>
        {linkFailed ? (
          <>
            <Alert tone="error">{INVALID_LINK_MESSAGE}</Alert>
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
        ) : (
          <>
            <p className="text-sm text-gray-700">
              Your email is confirmed once you choose the password for your account. It can be the
              one you signed up with, or a new one.
            </p>
            <NewPasswordForm
              passwordLabel="Password"
              passwordHint="At least 8 characters"
              submitLabel="Verify and Sign In"
              busyLabel="Verifying..."
              busy={verify.isPending}
              serverError={error}
              onSubmit={submit}
            />
          </>
        )}
      </Card>
    </div>
  );
}
