import { z } from 'zod';
import { clientRowId } from '../fields';
import { messageFields } from '../messages';
import { attachColumnSchemas } from './column-rules';
import { messagesTable } from './messages';

/** Marking read is the only change, and there is no way back (docs/product.md §4.11). */
const markRead = z.literal(1, { error: 'read_status can only be set to 1 (read)' });

export const messagesColumnRules = attachColumnSchemas(messagesTable, {
  id: clientRowId,
  recipient_id: messageFields.recipient_id,
  subject: messageFields.subject,
  message: messageFields.message,
  read_status: markRead,
});
