import type { ReactNode } from 'react';
import { TextField } from '../../../components/ui/field';

interface CredentialFieldProps {
  value: string;
  onValueChange(value: string): void;
}

/**
 * The school email box of every auth form. Required, but the forms validate themselves
 * (`noValidate`) so docs/product.md §5.1's messages, not the browser's, say what is wrong.
 */
export function EmailField({
  label = 'Email',
  value,
  onValueChange,
  onBlur,
  error,
}: CredentialFieldProps & { label?: string; onBlur?(): void; error?: string | null }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      placeholder="you@university.edu"
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      onBlur={onBlur}
      error={error}
      required
    />
  );
}

/**
 * A password box. `new-password` lets a password manager offer to generate and save one;
 * `current-password` lets it fill the saved one (docs/product.md §5.2).
 */
export function PasswordField({
  label,
  autoComplete,
  hint,
  value,
  onValueChange,
}: CredentialFieldProps & {
  label: ReactNode;
  autoComplete: 'new-password' | 'current-password';
  hint?: ReactNode;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      hint={hint}
      value={value}
      onChange={(event) => onValueChange(event.target.value)}
      required
    />
  );
}
