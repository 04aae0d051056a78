import { describe, expect, it } from 'vitest';
import { clipProperties, clipString } from './clip-properties';

describe('clipString', () => {
  it('keeps short strings and cuts long ones at 256', () => {
    expect(clipString('short')).toBe('short');
    expect(clipString('z'.repeat(300))).toHaveLength(256);
  });

  it('never leaves half a surrogate pair at the cut', () => {
    expect(clipString(`${'a'.repeat(255)}😀`)).toBe('a'.repeat(255));
    expect(clipString(`${'a'.repeat(254)}😀b`)).toBe(`${'a'.repeat(254)}😀`);
  });
});

describe('clipProperties', () => {
  it('clips keys and values at every level and keeps other JSON values', () => {
    const long = 'q'.repeat(257);
    expect(clipProperties({ [long]: [long, 1, false, null, { [long]: long }] })).toEqual({
      ok: true,
      value: {
        ['q'.repeat(256)]: [
          'q'.repeat(256),
          1,
          false,
          null,
          { ['q'.repeat(256)]: 'q'.repeat(256) },
        ],
      },
    });
  });

  it('refuses nesting deeper than 5 levels without recursing further', () => {
    let deep: Record<string, unknown> = { leaf: 1 };
    for (let i = 0; i < 100_000; i++) deep = { deep };
    expect(clipProperties(deep)).toEqual({
      ok: false,
      reason: 'properties must nest at most 5 levels',
    });
    expect(clipProperties({ a: { b: { c: { d: { e: 1 } } } } }).ok).toBe(true);
  });

  it('measures the size after clipping, in UTF-8 bytes', () => {
    // 15 values of 300 characters clip to 15 x 256, under 4 KiB.
    const fits = Object.fromEntries(
      Array.from({ length: 15 }, (_, i) => [`k${i}`, 'v'.repeat(300)]),
    );
    expect(clipProperties(fits).ok).toBe(true);
    // 8 values of 256 two-byte characters are 4 KiB before any key or quote.
    const multiByte = Object.fromEntries(
      Array.from({ length: 8 }, (_, i) => [`k${i}`, 'é'.repeat(300)]),
    );
    expect(clipProperties(multiByte)).toEqual({
      ok: false,
      reason: 'properties must be at most 4096 bytes',
    });
  });
});
