import { describe, expect, it } from 'vitest';
import { planTakeStatements, type BatchedTake } from './take-statements';

const take = (key: string, amount = 1, ceiling = 10, windowMs = 60_000): BatchedTake => ({
  key,
  amount,
  ceiling,
  windowMs,
});

describe('planTakeStatements', () => {
  it('puts distinct keys of one limit in one statement, sorted by key', () => {
    expect(planTakeStatements([take('b'), take('c', 2), take('a', 3)])).toEqual([
      {
        ceiling: 10,
        windowMs: 60_000,
        fits: true,
        takes: [
          { index: 2, key: 'a', amount: 3 },
          { index: 0, key: 'b', amount: 1 },
          { index: 1, key: 'c', amount: 2 },
        ],
      },
    ]);
  });

  it('counts a key taken again in a later statement, in the order it was taken', () => {
    const plan = planTakeStatements([take('a', 1), take('b'), take('a', 2), take('a', 3)]);
    expect(plan.map((statement) => statement.takes.map(({ index }) => index))).toEqual([
      [0, 1],
      [2],
      [3],
    ]);
    expect(plan.map((statement) => statement.takes[0]!.amount)).toEqual([1, 2, 3]);
  });

  it('gives each ceiling and window a statement of its own', () => {
    const plan = planTakeStatements([
      take('a', 1, 10, 60_000),
      take('b', 1, 5, 60_000),
      take('c', 1, 10, 3_600_000),
      take('d', 1, 10, 60_000),
    ]);
    expect(plan.map(({ ceiling, windowMs, takes }) => [ceiling, windowMs, takes.length])).toEqual([
      [10, 60_000, 2],
      [5, 60_000, 1],
      [10, 3_600_000, 1],
    ]);
  });

  it('gives takes of more than their ceiling statements of their own, in their round', () => {
    const plan = planTakeStatements([take('a', 3, 4), take('a', 9, 4), take('b', 5, 4)]);
    expect(plan.map(({ fits, takes }) => [fits, takes.map(({ index }) => index)])).toEqual([
      [true, [0]],
      [false, [2]],
      [false, [1]],
    ]);
  });

  it('plans nothing for no takes', () => {
    expect(planTakeStatements([])).toEqual([]);
  });
});
