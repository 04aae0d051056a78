import { z } from 'zod';
import { MESSAGE_BODY_MAX, MESSAGE_SUBJECT_MAX } from './constants';
import { requiredText } from './fields';

/** docs/product.md §5.7: subject and message both non-blank; at most 100 and 500 characters. */
export const messageFields = {
  recipient_id: z.string().min(1).max(64),
  subject: requiredText(MESSAGE_SUBJECT_MAX, 'Subject is required'),
  message: requiredText(MESSAGE_BODY_MAX, 'Message is required'),
  read_status: z.union([z.literal(0), z.literal(1)]),
};

export const contactForm = z.object({
  subject: messageFields.subject,
  message: messageFields.message,
});
