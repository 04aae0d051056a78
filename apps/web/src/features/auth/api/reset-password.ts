import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/client';
import type { LinkPassword } from './verify-email';

/**
 * Sets a new password with the reset link's token. The server ends every sign-in of the
 * account; a used or expired link fails with code INVALID_LINK.
 */
export async function resetPassword({ token, password }: LinkPassword): Promise<void> {
  const { error } = await client.auth.resetPassword(token, password);
  if (error) throw error;
}

export const resetPasswordMutation = () => ({
  mutationKey: ['auth', 'reset-password'] as const,
  mutationFn: resetPassword,
});

export function useResetPassword() {
  return useMutation(resetPasswordMutation());
}
