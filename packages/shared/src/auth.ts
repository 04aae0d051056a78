import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './constants';
import { PASSWORD_TOO_SHORT_MESSAGE } from './error-codes';
import { normalizeEmail } from './school-email';

// scrypt would take any length, but an unbounded password is a cheap way to burn server CPU.
const PASSWORD_MAX_LENGTH = 256;

const emailField = z
  .string()
  .trim()
  .max(254)
  .email('Please enter a valid email address')
  .transform(normalizeEmail);

export const passwordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT_MESSAGE)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * The school domain is not in the schema: the server decides it from the swot dataset after the
 * body parses (docs/product.md §5.1), and the sign-up form asks the server the same question.
 */
export const signUpBody = z.object({ email: emailField, password: passwordField });
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

/**
 * GET /api/auth/school-domain asks about an address (`email`) or a bare domain (`domain`), one of
 * the two. The lengths are those of an address and of a host name.
 */
export const schoolDomainQuery = z
  .object({
    email: z.string().trim().min(1).max(254).optional(),
    domain: z.string().trim().min(1).max(253).optional(),
  })
  .strict()
  .refine((query) => (query.email === undefined) !== (query.domain === undefined), {
    message: 'Give either email or domain',
  });
export type SchoolDomainQuery = z.infer<typeof schoolDomainQuery>;
