import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/client';

/**
 * "Forgot password?": asks for a reset link. The server answers alike for every address, so
 * success only means the request was accepted.
 */
export async function recoverPassword(email: string): Promise<void> {
  const { error } = await client.auth.recoverPassword(email);
  if (error) throw error;
}

export const recoverPasswordMutation = () => ({
  mutationKey: ['auth', 'recover-password'] as const,
  mutationFn: recoverPassword,
});

export function useRecoverPassword() {
  return useMutation(recoverPasswordMutation());
}
