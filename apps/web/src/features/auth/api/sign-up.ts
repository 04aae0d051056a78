import { useMutation } from '@tanstack/react-query';
import { client } from '../../../lib/client';

export interface Credentials {
  email: string;
  password: string;
}

/** Creates the account; the server emails the verification link (docs/product.md §4.4). */
export async function signUp({ email, password }: Credentials): Promise<void> {
  const { error } = await client.auth.signUp(email, password);
  if (error) throw error;
}

export const signUpMutation = () => ({
  mutationKey: ['auth', 'sign-up'] as const,
  mutationFn: signUp,
});

export function useSignUp() {
  return useMutation(signUpMutation());
}
