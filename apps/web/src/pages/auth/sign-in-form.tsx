import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { EmailField, PasswordField } from '../../features/auth/components/credential-fields';
import { describeAuthError } from '../../features/auth/describe-auth-error';
import { sendVerification } from '../../features/auth/api/send-verification';
import { useSignIn } from '../../features/auth/api/sign-in';
import type { AuthFeedbackHandlers } from './auth-feedback';
import { credentialRulesForSubmit, prefetchCredentialRules } from './load-credential-rules';

/**
 * Sign in: email and password (docs/product.md §2.4), and the way to "Forgot password?". The page
 * swaps to the profile step on success.
 */
export function SignInForm({
  onStart,
  onError,
  onVerificationSent,
  onForgotPassword,
}: AuthFeedbackHandlers & { onForgotPassword: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const signIn = useSignIn();

  const fail = async (error: unknown, address: string) => {
    const outcome = describeAuthError(error);
    onError(outcome.message);
    if (outcome.resendVerification) {
      try {
        await sendVerification(address);
      } catch (resendError) {
        // The catalogue's message already tells the student what to do; the resend is a bonus.
        console.error('Resending the verification email failed', resendError);
        return;
      }
    }
    if (outcome.showVerificationSent) onVerificationSent(address);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
    const rules = await credentialRulesForSubmit(onError);
    if (!rules) return;
    const problem = rules.validateSignIn({ email, password });
    if (problem) return onError(problem);
    const address = email.trim();
    signIn.mutate({ email: address, password }, { onError: (error) => void fail(error, address) });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={prefetchCredentialRules}
      className="space-y-4"
    >
      <EmailField value={email} onValueChange={setEmail} />
      <PasswordField
        label="Password"
        autoComplete="current-password"
        value={password}
        onValueChange={setPassword}
      />
      <div className="text-right">
        <a
          href="/?page=auth&tab=signin&view=forgot"
          onClick={(event) => {
            event.preventDefault();
            onForgotPassword();
          }}
          className="rounded-md text-sm font-medium text-brand-700 hover:text-brand-800"
        >
          Forgot password?
        </a>
      </div>
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
    </form>
  );
}
