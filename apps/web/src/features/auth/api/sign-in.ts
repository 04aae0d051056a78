import { useMutation } from '@tanstack/react-query';
import type { AuthUser } from '@campuscollab/shared/core';
import { client } from '../../../lib/client';
import type { Credentials } from './sign-up';

/**
 * Signs in and keeps the session; `useAuth` then reports the user. Failures keep the server's
 * code (EMAIL_NOT_VERIFIED, INVALID_CREDENTIALS) for `describeAuthError`.
 */
export async function signIn({ email, password }: Credentials): Promise<AuthUser> {
  const { data, error } = await client.auth.signInWithEmail(email, password);
  if (error) throw error;
  return data.user;
}

export const signInMutation = () => ({
  mutationKey: ['auth', 'sign-in'] as const,
  mutationFn: signIn,
});

export function useSignIn() {
  return useMutation(signInMutation());
}
