import {
  recoverBody,
  signInBody,
  signUpBody,
  PASSWORDS_DO_NOT_MATCH_MESSAGE,
} from '@campuscollab/shared';

// The server's own zod schemas, so the forms refuse what the server would. This module is loaded
// on demand (load-credential-rules.ts): the forms paint before zod arrives.

/**
 * docs/product.md §5.1: the address's form, with the server's own schema. Whether its domain is a
 * school's is the server's to say (check-school-email.ts), asked between this and the passwords.
 */
export function validateSignUpEmail(email: string): string | null {
  const parsed = signUpBody.shape.email.safeParse(email);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** docs/product.md §5.2: passwords match, then the length; the first broken rule's message. */
export function validateSignUpPasswords(input: {
  password: string;
  confirmPassword: string;
}): string | null {
  if (input.password !== input.confirmPassword) return PASSWORDS_DO_NOT_MATCH_MESSAGE;
  const password = signUpBody.shape.password.safeParse(input.password);
  return password.success ? null : password.error.issues[0]!.message;
}

/** Sign-in checks the email's form and the password length, not the school domain. */
export function validateSignIn(input: { email: string; password: string }): string | null {
  const parsed = signInBody.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}

/** "Forgot password?": the address's form only; whose it is, the server never says. */
export function validateRecoveryEmail(email: string): string | null {
  const parsed = recoverBody.shape.email.safeParse(email);
  return parsed.success ? null : parsed.error.issues[0]!.message;
}
