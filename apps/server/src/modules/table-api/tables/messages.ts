import type { Selectable } from 'kysely';
import { messageFields } from '@campuscollab/shared';
import { z } from 'zod';
import type { MessagesTable } from '../../../db/schema';
import { PostgrestCode, PostgrestError } from '../../../lib/postgrest';
import { clientText, idColumn, serverText } from './columns';
import { clientId, generateRowId } from './ids';
import type { TablePolicy } from './types';

/**
 * Direct messages: the recipient reads, marks read (once, no way back: docs/product.md §4.11) and
 * deletes; the sender sees what they sent (docs/product.md §10.6).
 */
export const messagesPolicy: TablePolicy = {
  name: 'messages',
  primaryKey: 'id',
  uniqueKeys: [['id']],
  columns: {
    id: idColumn(clientId),
    sender_id: serverText(),
    recipient_id: clientText(messageFields.recipient_id, { required: true, fixed: true }),
    subject: clientText(messageFields.subject, { required: true, fixed: true }),
    message: clientText(messageFields.message, { required: true, fixed: true }),
    read_status: {
      type: 'integer',
      nullable: false,
      insert: 'server',
      update: 'client',
      schema: z.literal(1, { error: 'read_status can only be set to 1 (read)' }),
    },
    created_at: serverText(),
  },
  canRead: (eb, user) =>
    eb.or([eb('messages.recipient_id', '=', user.id), eb('messages.sender_id', '=', user.id)]),
  canUpdate: (eb, user) => eb('messages.recipient_id', '=', user.id),
  canDelete: (eb, user) => eb('messages.recipient_id', '=', user.id),

  async prepareInsert(row, { user, trx, now }) {
    if (row.recipient_id === user.id) {
      throw new PostgrestError({
        status: 400,
        code: PostgrestCode.checkViolation,
        message: 'You cannot message yourself',
      });
    }
    const recipient = await trx
      .selectFrom('auth_accounts')
      .select('id')
      .where('id', '=', String(row.recipient_id))
      .executeTakeFirst();
    if (!recipient) {
      throw new PostgrestError({
        status: 409,
        code: PostgrestCode.foreignKeyViolation,
        message: 'The recipient does not exist',
      });
    }
    return {
      ...row,
      id: row.id ?? generateRowId('msg'),
      sender_id: user.id,
      read_status: 0,
      created_at: now,
    };
  },
  // One event per stored message: a duplicate id that stored nothing tells nobody.
  async afterInsert(written, { emitAfterCommit }) {
    for (const message of written) {
      emitAfterCommit('message.created', { message: message as Selectable<MessagesTable> });
    }
  },
};
