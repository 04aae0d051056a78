/**
 * A small seeded PRNG (mulberry32): the same `--seed` yields the same campus, which
 * `Math.random` cannot promise. Its 32-bit state is plenty for picking names and dates, and it
 * costs a few nanoseconds a draw, which matters at a million messages.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with the given probability. */
  chance(probability: number): boolean;
  pick<T>(list: readonly T[]): T;
  /** `count` distinct items of `list`, in random order. */
  sample<T>(list: readonly T[], count: number): T[];
  /** 8 lowercase hex digits. */
  hex8(): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    if (list.length === 0) throw new Error('Cannot pick from an empty list');
    return list[Math.floor(next() * list.length)] as T;
  };
  return {
    next,
    int,
    chance: (probability) => next() < probability,
    pick,
    sample<T>(list: readonly T[], count: number): T[] {
      // A partial Fisher-Yates shuffle of a copy: lists here are short (at most ~20 items).
      const copy = [...list];
      const wanted = Math.min(count, copy.length);
      for (let i = 0; i < wanted; i++) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy.slice(0, wanted);
    },
    hex8: () =>
      Math.floor(next() * 4294967296)
        .toString(16)
        .padStart(8, '0'),
  };
}

/** Mixes two integers into one seed, so independent streams do not repeat each other. */
export function mixSeeds(seed: number, salt: number): number {
  let h = Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt + 0x632be5ab, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
