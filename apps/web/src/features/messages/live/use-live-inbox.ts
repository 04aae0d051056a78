import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { client } from '../../../app/client';

// The header renders its links twice (desktop bar and phone menu), so the channel is shared:
// subscribed by the first watcher, unsubscribed by the last.
const watchers = new Map<string, number>();

/**
 * DESIGN.md section 4: the unread badge updates live. The server publishes `message.created`
 * on `user:{recipientId}`; each one refreshes every message query (badge, inbox).
 */
export function useLiveInbox(userId: string | undefined): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!userId) return;
    const name = `user:${userId}`;
    const channel = client.realtime.channel(name);
    const stop = channel.on('message.created', () => {
      void queryClient.invalidateQueries({ queryKey: ['messages'] });
    });
    const count = watchers.get(name) ?? 0;
    watchers.set(name, count + 1);
    if (count === 0) {
      void channel.subscribe().then(({ error }) => {
        if (error) console.error('Live messages unavailable:', error);
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
  }, [userId, queryClient]);
}
