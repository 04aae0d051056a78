import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { refuse } from './refusals';
import type { PolicyContext, Row } from './types';

/** Gives the referrer behind `code` one more referral; false when no other profile has it. */
async function creditReferrer(
  trx: Kysely<Database>,
  code: string,
  accountId: string,
): Promise<boolean> {
  // Never oneself: a code equal to the new profile's own is dropped (docs/product.md §4.4).
  const credited = await trx
    .updateTable('users')
    .set((eb) => ({ referral_count: eb('referral_count', '+', 1) }))
    .where('referral_code', '=', code)
    .where('user_id', '<>', accountId)
    .executeTakeFirst();
  return credited.numUpdatedRows > 0n;
}

const fixedUniversity = (university: string) =>
  refuse.forbidden(
    `permission denied to change the university: this account's profile is at "${university}"`,
    {
      details: 'The university is fixed when an account creates its first profile',
      hint: `Create the profile with university "${university}"`,
    },
  );

/**
 * Settles a profile the INSERT really wrote against what the account's first profile fixed
 * for good (migration 012), and returns the profile as stored afterwards.
 *
 * The first profile records its university and credits its referrer: the primary key of
 * first_profiles is the lock, so of any number of racing creations exactly one credits. A
 * profile created again after a deletion credits nobody and keeps the first referrer; a
 * different university is refused rather than quietly replaced, so a student who typed one
 * learns why it is not theirs to pick, and a leaderboard cannot be hopped by recreating a profile.
 */
export async function settleProfile(profile: Row, { user, trx, now }: PolicyContext): Promise<Row> {
  const university = String(profile.university);
  const code = (profile.referred_by as string | null) ?? null;
  const claimed = await trx
    .insertInto('first_profiles')
    .values({ account_id: user.id, university, referred_by: code, created_at: now })
    .onConflict((conflict) => conflict.column('account_id').doNothing())
    .returning('account_id')
    .executeTakeFirst();

  let referredBy: string | null;
  if (claimed) {
    referredBy = code && (await creditReferrer(trx, code, user.id)) ? code : null;
    if (referredBy !== code) {
      await trx
        .updateTable('first_profiles')
        .set({ referred_by: referredBy })
        .where('account_id', '=', user.id)
        .execute();
    }
  } else {
    const first = await trx
      .selectFrom('first_profiles')
      .select(['university', 'referred_by'])
      .where('account_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (first.university !== university) throw fixedUniversity(first.university);
    referredBy = first.referred_by;
  }
  if (referredBy === code) return profile;
  // An unknown code, or a code other than the first profile's, is not kept.
  return (await trx
    .updateTable('users')
    .set({ referred_by: referredBy })
    .where('id', '=', String(profile.id))
    .returningAll()
    .executeTakeFirstOrThrow()) as Row;
}
