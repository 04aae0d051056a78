import type { Email } from '../../lib/mailer';
import { composeEmail, PRODUCT } from './layout';

/**
 * The emails of sign-up and password reset (docs/product.md §7.6). Their links prove the mailbox
 * only; the password is chosen on the page they open
 * (docs/decisions/015-email-links-prove-the-mailbox.md).
 */

export function verificationEmail(to: string, link: string): Email {
  return composeEmail({
    to,
    subject: `Verify your ${PRODUCT} email`,
    heading: 'Verify your email',
    paragraphs: [
      `Welcome to ${PRODUCT}! Confirm your school email and choose your password to finish creating your account.`,
    ],
    action: { label: 'Verify email', url: link },
    fineprint: [
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ],
  });
}

export function passwordResetEmail(to: string, link: string): Email {
  return composeEmail({
    to,
    subject: `Reset your ${PRODUCT} password`,
    heading: 'Reset your password',
    paragraphs: [
      `Someone, perhaps you, asked to reset the password of your ${PRODUCT} account. Choose a new one here:`,
    ],
    action: { label: 'Choose a new password', url: link },
    fineprint: [
      'The link works once and expires in 1 hour. If you did not ask for it, ignore this email; your password is unchanged.',
    ],
  });
}

/** Sent instead of a second account, so sign-up never reveals whether an address is taken. */
export function accountExistsEmail(to: string, signInLink: string): Email {
  return composeEmail({
    to,
    subject: `You already have a ${PRODUCT} account`,
    heading: 'You already have an account',
    paragraphs: [
      `Someone, perhaps you, tried to create a ${PRODUCT} account with this address. You already have one, so nothing was changed.`,
    ],
    action: { label: 'Sign in', url: signInLink },
    fineprint: [
      'If it was not you, you can ignore this email; your password is unchanged. Forgot it? Choose "Forgot password?" on the sign-in page.',
    ],
  });
}
