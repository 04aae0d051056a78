/** What one screenshot's page may fetch in all (docs/security.md). */
export const PAGE_LIMITS = {
  requests: 200,
  bytes: 25 * 1024 * 1024,
  /** One answer; a font or image larger than this is not needed for a screenshot. */
  bytesPerRequest: 5 * 1024 * 1024,
  /** Requests in flight at once, which bounds the memory a page's answers hold. */
  concurrentRequests: 4,
  /** Redirects one frame follows in a row, as fetchOutbound allows. */
  redirects: 5,
} as const;

export interface PageBudget {
  /** Counts a request; false once the page has made as many as it may. */
  takeRequest(): boolean;
  /**
   * Sets aside up to `bytesPerRequest` for one answer, as much as is neither spent nor set aside
   * for answers still arriving (0: nothing is left). Answers in flight cannot together overrun
   * the page's total, however many arrive at once.
   */
  reserve(): number;
  /** Gives back a reservation, of which `used` bytes were spent. */
  settle(reserved: number, used: number): void;
}

export function createPageBudget(limits: {
  requests: number;
  bytes: number;
  bytesPerRequest: number;
}): PageBudget {
  let requests = 0;
  let spent = 0;
  let reserved = 0;
  return {
    takeRequest() {
      requests += 1;
      return requests <= limits.requests;
    },
    reserve() {
      const amount = Math.max(0, Math.min(limits.bytesPerRequest, limits.bytes - spent - reserved));
      reserved += amount;
      return amount;
    },
    settle(amount, used) {
      reserved -= amount;
      spent += Math.min(used, amount);
    },
  };
}
