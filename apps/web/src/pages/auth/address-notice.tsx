import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useSendVerification } from '../../features/auth/api/send-verification';

/**
 * The notice the verification link lands with (`?page=auth&tab=signin&notice=...`): the
 * server redirects there after checking the link, so the page only has to explain the outcome.
 */
export function AddressNotice({
  notice,
  onVerificationSent,
}: {
  notice: string | undefined;
  onVerificationSent: (email: string) => void;
}) {
  if (notice === 'verified') {
    return (
      <Alert tone="success" title="Email Verified">
        Your email address is verified. Sign in to continue.
      </Alert>
    );
  }
  if (notice === 'verification-failed') {
    return (
      <Alert tone="error" title="Verification Link Invalid">
        This verification link is invalid or has expired. Enter your school email to get a new one.
        <ResendVerification onSent={onVerificationSent} />
      </Alert>
    );
  }
  return null;
}

function ResendVerification({ onSent }: { onSent: (email: string) => void }) {
  const [email, setEmail] = useState('');
  const resend = useSendVerification();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    resend.mutate(address, { onSuccess: () => onSent(address) });
  };

  return (
    <form noValidate onSubmit={submit} className="mt-3 space-y-3 text-gray-900">
      <TextField
        label="School email for the new link"
        type="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={resend.isError ? 'Could not send the email. Please try again.' : null}
      />
      <Button type="submit" variant="secondary" disabled={resend.isPending || !email.trim()}>
        {resend.isPending ? 'Sending...' : 'Resend Verification Email'}
      </Button>
    </form>
  );
}
