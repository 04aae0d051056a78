/** The part of BroadcastChannel the SDK uses, so tests can pass an in-memory one. */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

export type ChannelFactory = (name: string) => ChannelLike;

/** The part of the Web Locks API (`navigator.locks`) the SDK uses. */
export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

/** BroadcastChannel where it exists (browsers, Node 18+), else null: one tab, nothing to tell. */
export function findDefaultChannelFactory(): ChannelFactory | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  return (name) => new BroadcastChannel(name) as ChannelLike;
}

/** `navigator.locks` where the browser has it (all current ones; not happy-dom, not Node 20). */
export function findDefaultLockManager(): LockManagerLike | null {
  if (typeof navigator === 'undefined') return null;
  const locks = (navigator as { locks?: unknown }).locks;
  return locks && typeof (locks as LockManagerLike).request === 'function'
    ? (locks as LockManagerLike)
    : null;
}
