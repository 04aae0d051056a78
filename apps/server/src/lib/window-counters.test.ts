import { describe, expect, it } from 'vitest';
import { createInProcessCounters } from './window-counters';

describe('createInProcessCounters', () => {
  const limit = { max: 5, windowMs: 1000 };

  it('adds up to the limit, refuses what would pass it, and starts over when the window ends', async () => {
    let time = 0;
    const counters = createInProcessCounters(() => time);
    expect(await counters.take('a', 3, limit)).toEqual({ taken: true, count: 3, resetsInMs: 1000 });
    time = 400;
    expect(await counters.take('a', 3, limit)).toEqual({
      taken: false,
      count: 3,
      resetsInMs: 600,
    });
    expect(await counters.take('a', 2, limit)).toMatchObject({ taken: true, count: 5 });
    expect(await counters.take('b', 5, limit)).toMatchObject({ taken: true, count: 5 });
    time = 1000;
    expect(await counters.take('a', 1, limit)).toEqual({ taken: true, count: 1, resetsInMs: 1000 });
  });

  it('counts past an infinite max, for callers that only want the count', async () => {
    const counters = createInProcessCounters(() => 0);
    for (let index = 1; index <= 4; index++) {
      expect((await counters.take('k', 1, { max: Infinity, windowMs: 10 })).count).toBe(index);
    }
  });
});
