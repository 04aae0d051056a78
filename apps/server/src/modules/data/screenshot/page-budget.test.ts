import { describe, expect, it } from 'vitest';
import { createPageBudget } from './page-budget';

describe('createPageBudget', () => {
  it('counts requests up to the limit', () => {
    const budget = createPageBudget({ requests: 3, bytes: 100, bytesPerRequest: 10 });
    expect([1, 2, 3, 4, 5].map(() => budget.takeRequest())).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('never hands out more than the total to answers in flight at once', () => {
    const budget = createPageBudget({ requests: 100, bytes: 25, bytesPerRequest: 10 });
    expect([budget.reserve(), budget.reserve(), budget.reserve(), budget.reserve()]).toEqual([
      10, 10, 5, 0,
    ]);
  });

  it('gives back what an answer did not use, and stops once the total is spent', () => {
    const budget = createPageBudget({ requests: 100, bytes: 25, bytesPerRequest: 10 });
    const first = budget.reserve();
    budget.settle(first, 2);
    const second = budget.reserve();
    budget.settle(second, 10);
    expect(budget.reserve()).toBe(10); // 12 spent, 10 set aside
    expect(budget.reserve()).toBe(3);
    expect(budget.reserve()).toBe(0);
  });

  it('counts an answer cut off at its reservation as the whole reservation', () => {
    const budget = createPageBudget({ requests: 100, bytes: 15, bytesPerRequest: 10 });
    const cut = budget.reserve();
    budget.settle(cut, Number.MAX_SAFE_INTEGER);
    expect(budget.reserve()).toBe(5);
  });
});
