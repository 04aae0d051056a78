import { SCHOOL_EMAIL_FORM_MESSAGE, normalizeEmail } from '@campuscollab/shared/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { EmailField, PasswordField } from '../../features/auth/components/credential-fields';
import { describeAuthError } from '../../features/auth/describe-auth-error';
import { schoolEmailQuery, useSchoolEmailCheck } from '../../features/auth/api/check-school-email';
import { useSignUp } from '../../features/auth/api/sign-up';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import type { AuthFeedbackHandlers } from './auth-feedback';
import {
  credentialRulesForSubmit,
  prefetchCredentialRules,
  useCredentialRules,
} from './load-credential-rules';

// Long enough that a student typing their address asks once, not once a letter.
const ASK_AFTER_MS = 500;

const domainOf = (email: string) => normalizeEmail(email).split('@').at(-1);

/** Sign up: School Email, Password, Confirm Password (docs/product.md §2.4). */
export function SignUpForm({ onStart, onError, onVerificationSent }: AuthFeedbackHandlers) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [checking, setChecking] = useState(false);
  const signUp = useSignUp();
  const queryClient = useQueryClient();
  const rules = useCredentialRules();

  // docs/product.md §5.1: the server says which domains are schools'. It is asked once typing
  // pauses and when the field is left; a well-formed address only, so no lookup is wasted (and
  // none before the checks have arrived: focusing the field fetched them).
  const [leftWith, setLeftWith] = useState('');
  const settled = useDebouncedValue(email.trim(), ASK_AFTER_MS);
  const asked = leftWith === email.trim() ? leftWith : settled;
  const wellFormed = asked && rules && !rules.validateSignUpEmail(asked) ? asked : null;
  const check = useSchoolEmailCheck(wellFormed);
  const refused =
    check.data?.institutional === false && domainOf(asked) === domainOf(email)
      ? SCHOOL_EMAIL_FORM_MESSAGE
      : null;

  /** The server's answer, or null when it cannot be had: sign-up then asks it anyway. */
  const askServer = async (address: string) => {
    setChecking(true);
    try {
      return await queryClient.fetchQuery(schoolEmailQuery(address));
    } catch {
      return null;
    } finally {
      setChecking(false);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onStart();
    const address = email.trim();
    const checks = await credentialRulesForSubmit(onError);
    if (!checks) return;
    // In the order of docs/product.md §2.4: school email, passwords match, password length.
    const malformed = checks.validateSignUpEmail(address);
    if (malformed) return onError(malformed);
    const answer = await askServer(address);
    if (answer && !answer.institutional) return onError(SCHOOL_EMAIL_FORM_MESSAGE);
    const problem = checks.validateSignUpPasswords({ password, confirmPassword });
    if (problem) return onError(problem);
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

  const busy = checking || signUp.isPending;
  return (
    // noValidate: docs/product.md §5's messages, not the browser's bubbles, say what is wrong.
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={prefetchCredentialRules}
      className="space-y-4"
    >
      <EmailField
        label="School Email"
        value={email}
        onValueChange={setEmail}
        onBlur={() => setLeftWith(email.trim())}
        error={refused}
      />
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
      <Button type="submit" className="w-full" disabled={busy}>
        {busy ? 'Creating Account...' : 'Create Account'}
      </Button>
    </form>
  );
}
