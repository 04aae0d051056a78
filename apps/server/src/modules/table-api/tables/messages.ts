import { sql, type Selectable } from 'kysely';
import { messagesColumnRules, messagesTable } from '@campuscollab/shared';
import type { MessagesTable } from '../../../db/schema';
import { refuse } from './refusals';
import { generateRowId } from './ids';
import type { TablePolicy } from './types';
import { defineQuery } from '../../../db/compiled-queries/define-query';
import { dynamicDb } from '../table-request';
import { inBlockWith, notInBlockWith } from './visibility';

/**
 * Both checks of a new message in one query: on PostgreSQL each query is a round trip that
 * holds a pooled connection inside the write's transaction.
 */
const recipientChecksQuery = defineQuery((db, [recipientId, userId]: [string, string]) =>
  dynamicDb({ db })
    .selectFrom('auth_accounts')
    .select((eb) => [
      'auth_accounts.id',
      sql<boolean>`${inBlockWith(eb, 'auth_accounts.id', userId)}`.as('blocked'),
    ])
    .where('auth_accounts.id', '=', recipientId),
);

/**
 * Direct messages: the recipient reads, marks read (once, no way back: docs/product.md §4.11) and
 * deletes; the sender sees what they sent (docs/product.md §10.6). A block hides the messages
 * between the two from both inboxes, and shows them again when lifted; none is deleted. Only the
 * other end of a message is tested for a block with the reader: two index lookups a row, not four.
 */
export const messagesPolicy: TablePolicy = {
  name: messagesTable.name,
  primaryKey: messagesTable.primaryKey,
  uniqueKeys: [['id']],
  columns: messagesColumnRules,
  canRead: (eb, user) =>
    eb.or([
      eb.and([
        eb('messages.recipient_id', '=', user.id),
        notInBlockWith(eb, 'messages.sender_id', user),
      ]),
      eb.and([
        eb('messages.sender_id', '=', user.id),
        notInBlockWith(eb, 'messages.recipient_id', user),
      ]),
    ]),
  canUpdate: (eb, user) => eb('messages.recipient_id', '=', user.id),
  canDelete: (eb, user) => eb('messages.recipient_id', '=', user.id),

  async prepareInsert(row, { user, rows, now }) {
    if (row.recipient_id === user.id) {
      throw refuse.invalid('You cannot message yourself');
    }
    const [recipient] = await rows(recipientChecksQuery, [String(row.recipient_id), user.id]);
    if (!recipient) {
      throw refuse.missingReference('The recipient does not exist');
    }
    // The same words whoever blocked whom: the blocker learns nothing new, and the blocked
    // student is not told "you were blocked", which invites retaliation (docs/security.md).
    if (recipient.blocked) {
      throw refuse.forbidden('You can’t message this student');
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
