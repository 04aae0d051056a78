import type { ChannelFactory, ChannelLike, LockManagerLike } from '../../src/auth/channel';

/**
 * BroadcastChannels of several "tabs" in one test: a message reaches every other channel of the
 * same name (never its sender), asynchronously, as in a browser.
 */
export function createChannelHub(): ChannelFactory {
  const byName = new Map<string, Set<ChannelLike & { deliver(data: unknown): void }>>();
  return (name) => {
    const listeners = new Set<(event: MessageEvent) => void>();
    const members = byName.get(name) ?? new Set();
    byName.set(name, members);
    const channel = {
      postMessage(message: unknown) {
        const copy = structuredClone(message);
        for (const other of members) {
          if (other !== channel) queueMicrotask(() => other.deliver(copy));
        }
      },
      deliver(data: unknown) {
        for (const listener of [...listeners]) listener({ data } as MessageEvent);
      },
      addEventListener: (_type: 'message', listener: (event: MessageEvent) => void) =>
        void listeners.add(listener),
      removeEventListener: (_type: 'message', listener: (event: MessageEvent) => void) =>
        void listeners.delete(listener),
      close: () => void members.delete(channel),
    };
    members.add(channel);
    return channel;
  };
}

/** Web Locks shared by the "tabs" of a test: one holder per name, the others queue. */
export function createLockManager(): LockManagerLike & { requests: string[] } {
  const tails = new Map<string, Promise<unknown>>();
  const requests: string[] = [];
  return {
    requests,
    request<T>(name: string, callback: () => Promise<T>): Promise<T> {
      requests.push(name);
      const run = (tails.get(name) ?? Promise.resolve()).then(callback);
      tails.set(
        name,
        run.catch(() => undefined),
      );
      return run;
    },
  };
}
