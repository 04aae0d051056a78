import { describe, expect, it } from 'vitest';
import { computeReconnectDelay } from './backoff';

// docs/product.md §9: min(30 s, 2^n s) plus up to 1 s jitter; n counts attempts from 0.
describe('reconnect backoff', () => {
  it.each([
    [0, 1000],
    [1, 2000],
    [2, 4000],
    [3, 8000],
    [4, 16_000],
    [5, 30_000],
    [12, 30_000],
  ])('attempt %i waits %i ms before jitter', (attempt, expected) => {
    expect(computeReconnectDelay(attempt, () => 0)).toBe(expected);
  });

  it('adds up to one second of jitter', () => {
    expect(computeReconnectDelay(0, () => 0.5)).toBe(1500);
    expect(computeReconnectDelay(5, () => 0.9999)).toBe(30_999);
  });
});
