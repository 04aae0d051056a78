import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/client';

/**
 * (Re)sends the verification email. The server answers alike whether or not it sent one, so
 * nobody learns from it which addresses have accounts.
 */
export async function sendVerification(email: string): Promise<void> {
  const { error } = await client.auth.sendEmailVerification(email);
  if (error) throw error;
}

export const sendVerificationMutation = () => ({
  mutationKey: ['auth', 'send-verification'] as const,
  mutationFn: sendVerification,
});

export function useSendVerification() {
  return useMutation(sendVerificationMutation());
}
