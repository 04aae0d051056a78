import { passwordField, PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@campuscollab/shared';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { PasswordField } from './credential-fields';

/**
 * The sign-up rules of docs/product.md §5.2 for a password chosen on an emailed link's page, in the
 * sign-up form's order: the two must match, then the length. The shared schema is the server's.
 */
export function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  const parsed = passwordField.safeParse(password);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/**
 * Password and Confirm Password, for the pages the emailed links open (verify email, reset
 * password). Problems show in an alert above the fields; the server's show there too.
 */
export function NewPasswordForm({
  passwordLabel,
  passwordHint,
  submitLabel,
  busyLabel,
  busy,
  serverError,
  onSubmit,
}: {
  passwordLabel: string;
  passwordHint: ReactNode;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  serverError: string | null;
  onSubmit: (password: string) => void;
}) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const error = problem ?? serverError;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateNewPassword(password, confirmPassword);
    setProblem(found);
    if (!found) onSubmit(password);
  };

  return (
    // noValidate: docs/product.md §5's messages, not the browser's bubbles, say what is wrong.
    <form noValidate onSubmit={submit} className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <PasswordField
        label={passwordLabel}
        autoComplete="new-password"
        hint={passwordHint}
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
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}
