import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { EmailField, PasswordField } from '../../features/auth/components/credential-fields';
import { describeAuthError } from '../../features/auth/describe-auth-error';
import { useSignUp } from '../../features/auth/api/sign-up';
import type { AuthFeedbackHandlers } from './auth-feedback';
import { validateSignUp } from './validate-credentials';

/** Sign up: School Email, Password, Confirm Password (docs/product.md §2.4). */
export function SignUpForm({ onStart, onError, onVerificationSent }: AuthFeedbackHandlers) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const signUp = useSignUp();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
    const problem = validateSignUp({ email, password, confirmPassword });
    if (problem) return onError(problem);
    const address = email.trim();
    signUp.mutate(
      { email: address, password },
      {
        onSuccess: () => {
          setPassword('');
          setConfirmPassword('');
          onVerificationSent(address);
        },
        onError: (error) => onError(describeAuthError(error).message),
      },
    );
  };

  return (
    // noValidate: docs/product.md §5's messages, not the browser's bubbles, say what is wrong.
    <form noValidate onSubmit={submit} className="space-y-4">
      <EmailField label="School Email" value={email} onValueChange={setEmail} />
      <PasswordField
        label="Password"
        autoComplete="new-password"
        hint="At least 8 characters"
        value={password}
        onValueChange={setPassword}
      />
      <PasswordField
        label="Confirm Password"
        autoComplete="new-password"
        value={confirmPassword}
        onValueChange={setConfirmPassword}
      />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {signUp.isPending ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
