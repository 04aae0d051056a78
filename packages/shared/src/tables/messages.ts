import { defineTable, integer, text } from './table-definition';

/**
 * Direct messages (docs/product.md §3.8): written once by the sender; the recipient only marks
 * them read (§4.11).
 */
export const messagesTable = defineTable({
  name: 'messages',
  primaryKey: 'id',
  columns: {
    id: text({ insert: 'optional', update: 'server' }),
    sender_id: text({ insert: 'server', update: 'server' }),
    recipient_id: text({ insert: 'required', update: 'server' }),
    subject: text({ insert: 'required', update: 'server' }),
    message: text({ insert: 'required', update: 'server' }),
    /** 0 unread, 1 read. */
    read_status: integer({ hasDefault: true, insert: 'server', update: 'client' }),
    created_at: text({ insert: 'server', update: 'server' }),
  },
});
