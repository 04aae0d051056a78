import { useEffect, useRef } from 'react';
import { client } from './client';

// Several components may watch the same private channel (the header renders its links twice;
// the dashboard watches applications while the badge watches messages), so each channel is
// subscribed by its first watcher and unsubscribed by its last.
const watchers = new Map<string, number>();

/**
 * Calls `onEvent` whenever the server publishes `event` on the signed-in student's private
 * channel `user:{id}` (new messages, new applications, decisions: DESIGN.md section 4).
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
    const count = watchers.get(name) ?? 0;
    watchers.set(name, count + 1);
    if (count === 0) {
      void channel.subscribe().then(({ error }) => {
        if (error) console.error(`Live updates unavailable on ${name}:`, error);
      });
    }
    return () => {
      stop();
      const left = (watchers.get(name) ?? 1) - 1;
      if (left > 0) {
        watchers.set(name, left);
        return;
      }
      watchers.delete(name);
      void channel.unsubscribe();
    };
  }, [userId, event]);
}
