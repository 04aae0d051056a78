import { signInBody, signUpBody, PASSWORDS_DO_NOT_MATCH_MESSAGE } from '@campuscollab/shared';

/**
 * docs/product.md §5.1 and §5.2, in the order a student meets them: school email, then passwords.
 * Returns the first broken rule's message, or null. The shared schemas are the server's too,
 * so the browser refuses exactly what the server would.
 */
export function validateSignUp(input: {
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  const email = signUpBody.shape.email.safeParse(input.email);
  if (!email.success) return email.error.issues[0]!.message;
  if (input.password !== input.confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  const password = signUpBody.shape.password.safeParse(input.password);
  return password.success ? null : password.error.issues[0]!.message;
}

/** Sign-in checks the email's form and the password length, not the school domain. */
export function validateSignIn(input: { email: string; password: string }): string | null {
  const parsed = signInBody.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}
