import { createBroadcastLease } from './broadcast-lease';
import type { ChannelFactory, LockManagerLike } from './channel';

/** Runs a task while no other tab of this browser runs one under the same lock. */
export interface RefreshLock {
  run<T>(task: () => Promise<T>): Promise<T>;
  close(): void;
}

/**
 * The lock tabs take before refreshing, so only one of them spends the token (docs/product.md
 * §4.3 plus the server's reuse detection: a rotated token replayed after 10 s revokes the
 * whole sign-in). Web Locks when the browser has them: the browser itself arbitrates and frees a
 * closed tab's lock. Otherwise a BroadcastChannel lease; with neither, this is a single-tab
 * environment and an in-tab queue is enough.
 */
export function createRefreshLock(options: {
  name: string;
  locks: LockManagerLike | null;
  channelFactory: ChannelFactory | null;
  now: () => number;
  randomId: () => string;
}): RefreshLock {
  if (options.locks) {
    const locks = options.locks;
    return { run: (task) => locks.request(options.name, task), close: () => {} };
  }
  if (options.channelFactory) {
    return createBroadcastLease({
      channelFactory: options.channelFactory,
      name: `${options.name}:lease`,
      now: options.now,
      randomId: options.randomId,
    });
  }
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      const next = queue.then(task);
      queue = next.catch(() => undefined);
      return next;
    },
    close: () => {},
  };
}
