import { ErrorCode, INVALID_CREDENTIALS_MESSAGE } from '@campuscollab/shared/core';

/** What the auth page does with a failed sign-up or sign-in (docs/product.md §8.1). */
export interface AuthErrorOutcome {
  /** The text of the error box. */
  message: string;
  /** Send the verification email again to the address the student typed. */
  resendVerification: boolean;
  /** Show the green 'Verification Email Sent' box. */
  showVerificationSent: boolean;
}

export const EMAIL_NOT_VERIFIED_MESSAGE =
  'Please verify your email first. Check your inbox for the verification link.';
export const EMAIL_NOT_CONFIRMED_MESSAGE = 'Please verify your email address first';
export const INVALID_EMAIL_OR_PASSWORD_MESSAGE = 'Invalid email or password';
export const GENERIC_AUTH_ERROR_MESSAGE = 'An error occurred during authentication';

function readField(error: unknown, field: 'code' | 'message'): string | undefined {
  if (typeof error !== 'object' || error === null || !(field in error)) return undefined;
  const value = (error as Record<string, unknown>)[field];
  return typeof value === 'string' && value.trim() ? value : undefined;
}

/** An emailed link (verification or reset) that the server no longer accepts. */
export function isInvalidLink(error: unknown): boolean {
  return readField(error, 'code') === ErrorCode.invalidLink;
}

/**
 * Maps an auth failure to the catalogue's texts (docs/product.md §8.1). The code is checked
 * first: our server answers a sign-up's own password, before the address is verified, with
 * EMAIL_NOT_VERIFIED and the message 'Email not confirmed', and that means the code's row, the
 * one that also resends the email.
 */
export function describeAuthError(error: unknown): AuthErrorOutcome {
  const code = readField(error, 'code');
  const message = readField(error, 'message');
  if (code === ErrorCode.emailNotVerified) {
    return {
      message: EMAIL_NOT_VERIFIED_MESSAGE,
      resendVerification: true,
      showVerificationSent: true,
    };
  }
  if (message === INVALID_CREDENTIALS_MESSAGE) {
    return outcome(INVALID_EMAIL_OR_PASSWORD_MESSAGE);
  }
  if (message === 'Email not confirmed') {
    return { ...outcome(EMAIL_NOT_CONFIRMED_MESSAGE), showVerificationSent: true };
  }
  return outcome(message ?? GENERIC_AUTH_ERROR_MESSAGE);
}

function outcome(message: string): AuthErrorOutcome {
  return { message, resendVerification: false, showVerificationSent: false };
}
