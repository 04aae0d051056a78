import { REFERRAL_SUFFIX_MAX, REFERRAL_SUFFIX_MIN } from '@campuscollab/shared';
import { referralCodePrefix } from '../../src/modules/table-api/referral-codes';
import type { Random } from '../random';

/**
 * Unique referral codes without a query per row: the issuer remembers every code taken (those
 * already in the database plus its own). Like `proposeReferralCode`, after five collisions on
 * one prefix the suffix grows a digit, so even 'alexs' on a huge campus never runs out.
 */
export function createReferralCodeIssuer(
  random: Random,
  taken: Set<string>,
): (name: string) => string {
  return (name) => {
    const prefix = referralCodePrefix(name);
    for (let attempt = 0; ; attempt++) {
      const scale = 10 ** Math.floor(attempt / 5);
      const suffix = random.int(REFERRAL_SUFFIX_MIN * scale, (REFERRAL_SUFFIX_MAX + 1) * scale - 1);
      const code = `${prefix}${suffix}`;
      if (!taken.has(code)) {
        taken.add(code);
        return code;
      }
    }
  };
}
