import { useMutation } from '@tanstack/react-query';
import type { AuthUser } from '@campuscollab/shared/core';
import { client } from '../../../lib/client';

export interface LinkPassword {
  /** The token of the emailed link, from the page's address. */
  token: string;
  password: string;
}

/**
 * Verifies the address with the link's token and sets the account's password; the SDK keeps the
 * session it answers with, so `useAuth` then reports the user, as after sign-in. A used or
 * expired link fails with code INVALID_LINK.
 */
export async function verifyEmail({ token, password }: LinkPassword): Promise<AuthUser> {
  const { data, error } = await client.auth.verifyEmail(token, password);
  if (error) throw error;
  return data.user;
}

export const verifyEmailMutation = () => ({
  mutationKey: ['auth', 'verify-email'] as const,
  mutationFn: verifyEmail,
});

export function useVerifyEmail() {
  return useMutation(verifyEmailMutation());
}
