import { useEffect, useRef } from 'react';
import { client } from '../lib/client';

interface WatchedChannel {
  watchers: number;
  live: boolean;
  /** Settles once the server confirms the subscription: whether it did. */
  subscribed: Promise<boolean>;
}

// Several components may watch the same private channel (the header renders its links twice;
// the dashboard watches applications while the badge watches messages), so each channel is
// subscribed by its first watcher and unsubscribed by its last.
const channels = new Map<string, WatchedChannel>();

function watch(name: string): WatchedChannel {
  const known = channels.get(name);
  if (known) return known;
  const watched: WatchedChannel = {
    watchers: 0,
    live: false,
    subscribed: client.realtime
      .channel(name)
      .subscribe()
      .then(({ error }) => {
        if (error) console.error(`Live updates unavailable on ${name}:`, error);
        watched.live = !error;
        return !error;
      }),
  };
  channels.set(name, watched);
  return watched;
}

/**
 * Calls `onEvent` whenever the server publishes `event` on the signed-in student's private
 * channel `user:{id}` (new messages, new applications, decisions: docs/product.md §4.15), and
 * once when the channel goes live: what happened while the page loaded reached no handler.
 */
export function useUserChannelEvent(
  userId: string | undefined,
  event: string,
  onEvent: () => void,
): void {
  // The latest callback, so a new closure on every render does not resubscribe.
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });

  useEffect(() => {
    if (!userId) return;
    const name = `user:${userId}`;
    const channel = client.realtime.channel(name);
    const stop = channel.on(event, () => handler.current());
    const watched = watch(name);
    watched.watchers += 1;
    let watching = true;
    // A watcher that came after the channel went live heard everything since it registered.
    if (!watched.live) {
      void watched.subscribed.then((live) => {
        if (live && watching) handler.current();
      });
    }
    return () => {
      watching = false;
      stop();
      watched.watchers -= 1;
      if (watched.watchers > 0) return;
      channels.delete(name);
      void channel.unsubscribe();
    };
  }, [userId, event]);
}
