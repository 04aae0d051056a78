import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { PASSWORD_TOO_SHORT_MESSAGE } from './error-codes';
import { SCHOOL_EMAIL_FORM_MESSAGE, isSchoolEmail, normalizeEmail } from './school-email';

// scrypt would take any length, but an unbounded password is a cheap way to burn server CPU.
const PASSWORD_MAX_LENGTH = 256;

const emailField = z
  .string()
  .trim()
  .max(254)
  .email('Please enter a valid email address')
  .transform(normalizeEmail);

export const schoolEmailField = emailField.refine(isSchoolEmail, SCHOOL_EMAIL_FORM_MESSAGE);

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const signUpBody = z.object({ email: schoolEmailField, password: passwordField });
export type SignUpBody = z.infer<typeof signUpBody>;

/** Sign-in checks the length too (docs/product.md §5.2), not the school domain: the server does. */
export const signInBody = z.object({ email: emailField, password: passwordField });
export type SignInBody = z.infer<typeof signInBody>;

export const verificationBody = z.object({ email: emailField });
export const refreshBody = z.object({ refresh_token: z.string().min(1).max(512) });
export const logoutBody = refreshBody;

export const updateMeBody = z.object({
  displayName: z.string().trim().min(1).max(100).nullable(),
});
export type UpdateMeBody = z.infer<typeof updateMeBody>;

/** The token of an emailed link; unguessable, so any longer text is not one of ours. */
const linkTokenField = z.string().min(1, 'token is required').max(200);

/** The page a verification link opens: the mailbox owner chooses the account's password. */
export const verifyEmailBody = z.object({ token: linkTokenField, password: passwordField });
export type VerifyEmailBody = z.infer<typeof verifyEmailBody>;

/** "Forgot password?": any address is accepted, so the answer reveals nothing. */
export const recoverBody = z.object({ email: emailField });

export const resetPasswordBody = z.object({ token: linkTokenField, password: passwordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
