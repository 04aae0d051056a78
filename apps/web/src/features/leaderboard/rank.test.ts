import { describe, expect, it } from 'vitest';
import { findRank, formatRank } from './rank';

const board = [{ userId: 'a' }, { userId: 'b' }, { userId: 'c' }];

describe('findRank', () => {
  it('is the 1-based position in the list', () => {
    expect(findRank(board, 'a')).toBe(1);
    expect(findRank(board, 'c')).toBe(3);
  });

  it('is null for someone not on the list, or an empty list', () => {
    expect(findRank(board, 'z')).toBeNull();
    expect(findRank([], 'a')).toBeNull();
  });
});

describe('formatRank', () => {
  it("shows '#N', or the page's own fallback", () => {
    expect(formatRank(2, 'N/A')).toBe('#2');
    expect(formatRank(null, 'N/A')).toBe('N/A');
    expect(formatRank(null, 'Not ranked yet')).toBe('Not ranked yet');
  });
});
