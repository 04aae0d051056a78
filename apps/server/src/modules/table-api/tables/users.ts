import { usersColumnRules, usersTable } from '@campuscollab/shared';
import { refuse } from './refusals';
import { generateUniqueReferralCode } from '../referral-codes';
import { settleProfile } from './first-profiles';
import { generateRowId } from './ids';
import type { Row, TablePolicy } from './types';
import { notHiddenFrom, notInBlockWith } from './visibility';

/**
 * Profiles. Everyone signed in reads them (collaborators, leaderboard), except across a block or
 * when an operator hid one (visibility.ts); the address, the
 * referrer and the notification switches are only the owner's to see. The referral credit is
 * given here, by the server, once per account ever (first-profiles.ts).
 */
export const usersPolicy: TablePolicy = {
  name: usersTable.name,
  primaryKey: usersTable.primaryKey,
  ownerColumn: usersTable.ownerColumn,
  uniqueKeys: [['id'], ['user_id'], ['referral_code']],
  plannedPerValue: ['university'],
  lowerCasedCopies: ['name', 'skills', 'bio'],
  columns: usersColumnRules,
  canRead: (eb, user) =>
    eb.and([
      notHiddenFrom(eb, 'users', 'user_id', user.id),
      notInBlockWith(eb, 'users.user_id', user),
    ]),
  canUpdate: (eb, user) => eb('users.user_id', '=', user.id),
  canDelete: (eb, user) => eb('users.user_id', '=', user.id),

  async prepareInsert(row, { user, trx, now, upsert }) {
    const existing = await trx
      .selectFrom('users')
      .select('id')
      .where('user_id', '=', user.id)
      .executeTakeFirst();
    if (existing && !upsert) {
      throw refuse.duplicate('A profile already exists for this account', 'user_id');
    }
    // The referrer is checked and credited only once the row is really written (afterInsert).
    return {
      skills: '[]',
      interests: '[]',
      email_notifications: '1',
      project_notifications: '1',
      collaboration_notifications: '1',
      ...row,
      id: generateRowId('user'),
      user_id: user.id,
      email: user.email,
      referral_code: await generateUniqueReferralCode(trx, String(row.name)),
      referred_by: row.referred_by ?? null,
      referral_count: 0,
      created_at: now,
      updated_at: now,
    };
  },
  async afterInsert(written, context) {
    const settled: Row[] = [];
    for (const profile of written) settled.push(await settleProfile(profile, context));
    return settled;
  },
  prepareUpdate: (patch, { now }) => ({ ...patch, updated_at: now }),
};
