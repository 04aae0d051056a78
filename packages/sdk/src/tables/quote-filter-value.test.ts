import { describe, expect, it } from 'vitest';
import { quoteFilterValue } from './quote-filter-value';

describe('quoteFilterValue', () => {
  it.each([
    ['robots', '"robots"'],
    ['a,b)', '"a,b)"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['back\\slash', '"back\\\\slash"'],
  ])('%s -> %s', (value, quoted) => {
    expect(quoteFilterValue(value)).toBe(quoted);
  });
});
