import { useState, type FormEvent } from 'react';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/field';
import { useSendVerification } from '../../features/auth/api/send-verification';

/** A new verification link for a link that no longer works; the server answers alike for all. */
export function ResendVerificationForm() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const resend = useSendVerification();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    resend.mutate(address, { onSuccess: () => setSentTo(address) });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-3">
      {sentTo && (
        <Alert tone="success" title="Verification Email Sent">
          If {sentTo} is waiting to be verified, a new link is on its way. Please check your inbox.
        </Alert>
      )}
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
