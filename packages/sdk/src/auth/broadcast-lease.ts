import type { ChannelFactory } from './channel';

/** How long a claim may wait for competing claims before holding the lease. */
export const LEASE_CLAIM_WINDOW_MS = 50;
/** A holder that vanished (tab closed mid-refresh) loses its lease after this long. */
export const LEASE_EXPIRY_MS = 10_000;

interface Claim {
  id: string;
  at: number;
}

type LeaseMessage = { type: 'claim'; claim: Claim } | { type: 'release'; id: string };

const precedes = (a: Claim, b: Claim) => a.at < b.at || (a.at === b.at && a.id < b.id);

/**
 * A cross-tab mutex over BroadcastChannel, for browsers without Web Locks. Each tab announces a
 * claim (time, random id), listens for a short window, and holds the lease once no live claim
 * it knows of comes first; every tab orders claims the same way, so exactly one proceeds. A tab
 * that still claims re-announces itself when it sees a new claim, so a tab opened later learns
 * of it. Claims older than LEASE_EXPIRY_MS are ignored, so a closed tab cannot block the others.
 * Not airtight against a message delayed past the window: the server's 10 s grace for a reused
 * refresh token (docs/decisions/003) covers that rare case.
 */
export function createBroadcastLease(options: {
  channelFactory: ChannelFactory;
  name: string;
  now: () => number;
  randomId: () => string;
}) {
  const channel = options.channelFactory(options.name);
  const others = new Map<string, Claim>();
  const wakers = new Set<() => void>();
  let mine: Claim | null = null;

  const onMessage = (event: MessageEvent) => {
    const message = event.data as LeaseMessage;
    if (message?.type === 'claim') {
      const isNew = !others.has(message.claim.id);
      others.set(message.claim.id, message.claim);
      // Answer only claims not seen before: two tabs would otherwise echo each other forever.
      if (mine && isNew) channel.postMessage({ type: 'claim', claim: mine } satisfies LeaseMessage);
    } else if (message?.type === 'release') {
      others.delete(message.id);
      for (const wake of [...wakers]) wake();
    }
  };
  channel.addEventListener('message', onMessage);

  /** Resolves on the next release, or after `ms`, whichever comes first. */
  const waitForChange = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });

  /** The live claim that comes before ours, if any; expired ones are forgotten. */
  function findEarlierClaim(claim: Claim): Claim | null {
    let earliest: Claim | null = null;
    for (const other of others.values()) {
      if (options.now() - other.at > LEASE_EXPIRY_MS) others.delete(other.id);
      else if (precedes(other, claim) && (!earliest || precedes(other, earliest))) earliest = other;
    }
    return earliest;
  }

  async function acquire(): Promise<Claim> {
    const claim: Claim = { id: options.randomId(), at: options.now() };
    mine = claim;
    channel.postMessage({ type: 'claim', claim } satisfies LeaseMessage);
    await waitForChange(LEASE_CLAIM_WINDOW_MS);
    for (;;) {
      const earlier = findEarlierClaim(claim);
      if (!earlier) return claim;
      await waitForChange(Math.max(1, earlier.at + LEASE_EXPIRY_MS - options.now()));
    }
  }

  function release(claim: Claim): void {
    if (mine === claim) mine = null;
    channel.postMessage({ type: 'release', id: claim.id } satisfies LeaseMessage);
  }

  // One claim per tab at a time: calls within this tab queue here instead of competing.
  let queue: Promise<unknown> = Promise.resolve();

  return {
    /** Runs `task` while holding the lease, one tab at a time. */
    run<T>(task: () => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        const claim = await acquire();
        try {
          return await task();
        } finally {
          release(claim);
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    /** Stops listening; a lease still held is not released (the page is going away). */
    close(): void {
      channel.removeEventListener('message', onMessage);
      channel.close();
    },
  };
}
