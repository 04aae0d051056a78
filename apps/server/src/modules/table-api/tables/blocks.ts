import { blocksColumnRules, blocksTable } from '@campuscollab/shared';
import { refuse } from './refusals';
import { generateRowId } from './ids';
import type { TablePolicy } from './types';

/**
 * Blocks (docs/security.md, safety): a student reads and lifts only their own; nobody changes
 * one (unblock and block again). Whom a block hides is decided in the read policies
 * (visibility.ts), not here.
 */
export const blocksPolicy: TablePolicy = {
  name: blocksTable.name,
  primaryKey: blocksTable.primaryKey,
  ownerColumn: blocksTable.ownerColumn,
  uniqueKeys: [['id'], ['blocker_id', 'blocked_id']],
  columns: blocksColumnRules,
  canRead: (eb, user) => eb('blocks.blocker_id', '=', user.id),
  canUpdate: null,
  canDelete: (eb, user) => eb('blocks.blocker_id', '=', user.id),

  async prepareInsert(row, { user, trx, now }) {
    const blockedId = String(row.blocked_id);
    if (blockedId === user.id) throw refuse.invalid('You cannot block yourself');
    const account = await trx
      .selectFrom('auth_accounts')
      .select('id')
      .where('id', '=', blockedId)
      .executeTakeFirst();
    if (!account) throw refuse.missingReference('This student does not exist');
    const duplicate = await trx
      .selectFrom('blocks')
      .select('id')
      .where('blocker_id', '=', user.id)
      .where('blocked_id', '=', blockedId)
      .executeTakeFirst();
    if (duplicate) {
      throw refuse.duplicate('You have already blocked this student', 'blocker_id, blocked_id');
    }
    // Read now, while the profile is still visible: the block hides it from the blocker after.
    const profile = await trx
      .selectFrom('users')
      .select('name')
      .where('user_id', '=', blockedId)
      .executeTakeFirst();
    return {
      id: generateRowId('block'),
      blocked_id: blockedId,
      blocker_id: user.id,
      blocked_name: profile?.name ?? null,
      created_at: now,
    };
  },
};
