import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { EmailField } from '../../features/auth/components/credential-fields';
import { useRecoverPassword } from '../../features/auth/api/recover-password';
import { describeAuthError } from '../../features/auth/describe-auth-error';
import type { AuthFeedbackHandlers } from './auth-feedback';
import { credentialRulesForSubmit, prefetchCredentialRules } from './load-credential-rules';

export const RESET_LINK_SENT_NOTICE =
  "If an account exists for that address, we've sent a link to reset your password.";

/**
 * "Forgot password?" on the sign-in tab: an address, then the same notice whoever owns it. The
 * link also verifies an address that never was, so it helps a student who lost that email too.
 */
export function ForgotPasswordForm({
  onStart,
  onError,
  onBack,
}: Pick<AuthFeedbackHandlers, 'onStart' | 'onError'> & { onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const recover = useRecoverPassword();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
    setSent(false);
    const rules = await credentialRulesForSubmit(onError);
    if (!rules) return;
    const problem = rules.validateRecoveryEmail(email);
    if (problem) return onError(problem);
    recover.mutate(email.trim(), {
      onSuccess: () => setSent(true),
      onError: (error) => onError(describeAuthError(error).message),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={prefetchCredentialRules}
      className="space-y-4"
    >
      <div>
        <h2 className="text-lg font-semibold text-gray-900">Reset your password</h2>
        <p className="mt-1 text-sm text-gray-700">
          Enter your school email and we&apos;ll send you a link to choose a new password.
        </p>
      </div>
      {sent && <Alert tone="success">{RESET_LINK_SENT_NOTICE}</Alert>}
      <EmailField value={email} onValueChange={setEmail} />
      <Button type="submit" className="w-full" disabled={recover.isPending}>
        {recover.isPending ? 'Sending...' : 'Send Reset Link'}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onBack}>
        Back to Sign In
      </Button>
    </form>
  );
}
