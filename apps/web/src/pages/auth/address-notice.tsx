import { Alert } from '../../components/ui/alert';

export const PASSWORD_RESET_NOTICE =
  'Your password has been reset. Sign in with your new password.';

/**
 * The notice a page sends the sign-in tab with (`?page=auth&tab=signin&notice=...`): after a
 * password reset, the reset page leads here to sign in with the new password.
 */
export function AddressNotice({ notice }: { notice: string | undefined }) {
  if (notice === 'password-reset') return <Alert tone="success">{PASSWORD_RESET_NOTICE}</Alert>;
  return null;
}
