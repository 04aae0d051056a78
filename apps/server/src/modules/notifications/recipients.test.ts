import { describe, expect, it } from 'vitest';
import { isPreferenceOn } from './recipients';

describe('isPreferenceOn (docs/product.md §5.9: text read as a number, on when above 0)', () => {
  it.each([
    ['1', true],
    ['2', true],
    ['0', false],
    ['', false],
    ['off', false],
    [null, true],
    [undefined, true],
  ])('%j -> %s', (flag, on) => {
    expect(isPreferenceOn(flag)).toBe(on);
  });
});
