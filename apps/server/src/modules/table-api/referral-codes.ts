import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import { REFERRAL_SUFFIX_MAX, REFERRAL_SUFFIX_MIN } from '@campuscollab/shared';
import type { Database } from '../../db/schema';

/** docs/product.md §3.5: the first 5 letters of the name, spaces removed, lowercased. */
export function referralCodePrefix(name: string): string {
  // Only letters and digits survive, so a code is safe to share in a link or a message.
  const letters = name.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
  return [...letters].slice(0, 5).join('') || 'user';
}

/**
 * The suffix starts at 100 to 999 (docs/product.md §3.5); a popular prefix ('alexa', 'chris')
 * exhausts those 900 codes on a large campus, so after a few collisions the suffix grows a digit
 * at a time.
 */
export function proposeReferralCode(name: string, attempt: number): string {
  const extraDigits = Math.floor(attempt / 5);
  const min = REFERRAL_SUFFIX_MIN * 10 ** extraDigits;
  const max = (REFERRAL_SUFFIX_MAX + 1) * 10 ** extraDigits - 1;
  return `${referralCodePrefix(name)}${randomInt(min, max + 1)}`;
}

/** A code no profile has yet; the unique index stays the final guard against a race. */
export async function generateUniqueReferralCode(
  db: Kysely<Database>,
  name: string,
): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const code = proposeReferralCode(name, attempt);
    const taken = await db
      .selectFrom('users')
      .select('id')
      .where('referral_code', '=', code)
      .executeTakeFirst();
    if (!taken) return code;
  }
}
