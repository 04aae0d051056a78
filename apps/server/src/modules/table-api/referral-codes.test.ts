import { describe, expect, it } from 'vitest';
import { proposeReferralCode, referralCodePrefix } from './referral-codes';

describe('referral codes', () => {
  it.each([
    ['Ada Lovelace', 'adalo'],
    ['Al', 'al'],
    ['  Zoë  Ann ', 'zoëan'],
    ["O'Brien-Smith", 'obrie'],
    ['!!!', 'user'],
  ])('prefix of %s is %s', (name, prefix) => {
    expect(referralCodePrefix(name)).toBe(prefix);
  });

  it('adds 100 to 999 at first (docs/product.md §3.5)', () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const suffix = Number(proposeReferralCode('Ada Lovelace', attempt).slice(5));
      expect(suffix).toBeGreaterThanOrEqual(100);
      expect(suffix).toBeLessThanOrEqual(999);
    }
  });

  it('widens the suffix after repeated collisions', () => {
    const suffix = Number(proposeReferralCode('Ada Lovelace', 5).slice(5));
    expect(suffix).toBeGreaterThanOrEqual(1000);
    expect(suffix).toBeLessThanOrEqual(9999);
  });
});
