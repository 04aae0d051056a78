import type { TokenSet } from '@campuscollab/shared/core';
import type { ChannelFactory, ChannelLike } from './channel';

type SyncMessage = { type: 'session'; tokens: TokenSet } | { type: 'signed-out' };

/**
 * Tells the other tabs of this browser about a new token set or a sign-out, and hears theirs:
 * through the `storage` event (fired in other tabs when localStorage changes) and through a
 * BroadcastChannel (which also works when tokens are kept in a custom storage). A tab that hears
 * of a refresh adopts the new tokens instead of spending its own, already rotated, refresh token.
 * The same news may arrive both ways; the session ignores tokens it already holds.
 */
export function createSessionSync(options: {
  storageKey: string;
  channelFactory: ChannelFactory | null;
  parseStoredValue: (raw: string | null) => TokenSet | null;
  onChange: (tokens: TokenSet | null) => void;
}) {
  let channel: ChannelLike | null = null;
  try {
    channel = options.channelFactory?.(`campuscollab-session:${options.storageKey}`) ?? null;
  } catch {
    channel = null; // Some sandboxed frames refuse BroadcastChannel; storage events remain.
  }

  const onChannelMessage = (event: MessageEvent) => {
    const message = event.data as SyncMessage;
    if (message?.type === 'session') options.onChange(message.tokens);
    else if (message?.type === 'signed-out') options.onChange(null);
  };
  channel?.addEventListener('message', onChannelMessage);

  const onStorage = (event: StorageEvent) => {
    // A null key means the whole storage was cleared, our entry with it.
    if (event.key !== null && event.key !== options.storageKey) return;
    options.onChange(options.parseStoredValue(event.key === null ? null : event.newValue));
  };
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  if (hasWindow) window.addEventListener('storage', onStorage);

  return {
    /** Announces this tab's new tokens, or its sign-out, to the other tabs. */
    publish(tokens: TokenSet | null): void {
      const message: SyncMessage = tokens ? { type: 'session', tokens } : { type: 'signed-out' };
      try {
        channel?.postMessage(message);
      } catch {
        // A closed channel (client being closed): the storage event still tells the others.
      }
    },
    /** Stops listening to the other tabs. */
    close(): void {
      channel?.removeEventListener('message', onChannelMessage);
      channel?.close();
      if (hasWindow) window.removeEventListener('storage', onStorage);
    },
  };
}

export type SessionSync = ReturnType<typeof createSessionSync>;
