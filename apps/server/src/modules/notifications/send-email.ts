import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { ErrorCode } from '@campuscollab/shared';
import { HttpError } from '../../lib/http-error';
import type { Mailer } from '../../lib/mailer';
import type { RequestUser } from '../../plugins/authentication';
import { composeRequestedEmail } from '../email/requested-email';

/** Large enough for any newsletter-style body, small enough to keep one request cheap. */
const BODY_MAX = 100_000;

/** docs/product.md §7.5: email notifications need to, subject, and html or text. */
export const sendEmailBody = z
  .object({
    // One plain address: no display names or lists, so nothing can add recipients. A missing
    // field keeps zod's own message, which the error plugin turns into 'to is required'.
    to: z
      .email({
        error: (issue) => (issue.input === undefined ? undefined : 'to must be an email address'),
      })
      .max(254, 'to is too long'),
    subject: z
      .string()
      .trim()
      .min(1, 'subject must not be empty')
      .max(200, 'subject must be at most 200 characters')
      // A line break in a header would let the caller append headers of their own.
      .regex(/^[^\r\n]*$/, 'subject must be a single line'),
    html: z.string().max(BODY_MAX, `html must be at most ${BODY_MAX} characters`).optional(),
    text: z.string().max(BODY_MAX, `text must be at most ${BODY_MAX} characters`).optional(),
  })
  .refine((body) => Boolean(body.html?.trim() || body.text?.trim()), {
    message: 'html or text is required',
    path: ['text'],
  });

export type SendEmailBody = z.output<typeof sendEmailBody>;

/**
 * SERVICE_KEY holders may write to anyone; a student only to their own account address, so the
 * endpoint can never be used to mail other people in the product's name.
 */
export function requireAllowedRecipient(sender: RequestUser | 'service', to: string): void {
  if (sender === 'service') return;
  if (sender.email.toLowerCase() !== to.toLowerCase()) {
    throw new HttpError(403, ErrorCode.forbidden, 'You can only send emails to your own address');
  }
}

export async function sendRequestedEmail(
  mailer: Mailer,
  log: FastifyBaseLogger,
  body: SendEmailBody,
): Promise<void> {
  const email = composeRequestedEmail(body);
  try {
    await mailer.send(email);
  } catch (error) {
    // The caller asked for this email and can retry; say so rather than a bare 500.
    log.error({ err: error }, 'requested email could not be sent');
    throw new HttpError(503, ErrorCode.unavailable, 'The email could not be sent, try again later');
  }
}
