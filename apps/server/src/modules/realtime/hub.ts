import type { LiveFrame, PresenceMember } from '@campuscollab/shared';
import { createPresenceBook, type PresenceState } from './presence-book';

export type { PresenceState } from './presence-book';

/**
 * Receives a live frame as the bytes of its JSON text, serialised once for all the channel's
 * sockets: a broadcast to thousands then costs one JSON.stringify, not one per socket.
 */
export type Subscriber = (encoded: Buffer) => void;

/**
 * Fan-out of live frames and presence between the connections of a channel. The memory hub
 * below sees only this process's sockets (SQLite, one process); on PostgreSQL, cluster-hub.ts
 * reaches every instance's behind the same interface (docs/decisions/008-realtime.md,
 * docs/architecture.md §2.5).
 */
export interface RealtimeHub {
  subscribe(channel: string, subscriber: Subscriber): void;
  unsubscribe(channel: string, subscriber: Subscriber): void;
  /** Delivers to this process's subscribers at once, then to the other instances'. */
  broadcast(channel: string, frame: LiveFrame): Promise<void>;
  /** Adds or updates the user's entry (keyed by user, one per channel) and announces it. */
  joinPresence(
    channel: string,
    connectionId: string,
    userId: string,
    state: PresenceState,
  ): Promise<void>;
  /** Removes one connection; the user leaves, announced, when their last connection does. */
  leavePresence(channel: string, connectionId: string, userId: string): Promise<void>;
  listPresence(channel: string): Promise<PresenceMember[]>;
  close(): Promise<void>;
}

/** Subscribers of this process, by channel. */
export function createLocalFanout() {
  const subscribers = new Map<string, Set<Subscriber>>();
  return {
    subscribe(channel: string, subscriber: Subscriber) {
      const set = subscribers.get(channel) ?? new Set();
      set.add(subscriber);
      subscribers.set(channel, set);
    },
    unsubscribe(channel: string, subscriber: Subscriber) {
      const set = subscribers.get(channel);
      set?.delete(subscriber);
      if (set?.size === 0) subscribers.delete(channel);
    },
    deliver(channel: string, frame: LiveFrame) {
      const set = subscribers.get(channel);
      if (!set) return;
      const encoded = Buffer.from(JSON.stringify(frame));
      for (const subscriber of set) subscriber(encoded);
    },
  };
}

export function createMemoryHub(): RealtimeHub {
  const local = createLocalFanout();
  const presence = createPresenceBook();

  return {
    subscribe: local.subscribe,
    unsubscribe: local.unsubscribe,
    broadcast: async (channel, frame) => local.deliver(channel, frame),
    async joinPresence(channel, connectionId, userId, state) {
      const member = presence.join(channel, connectionId, userId, state);
      local.deliver(channel, { type: 'presence', channel, event: 'join', member });
    },
    async leavePresence(channel, connectionId, userId) {
      const member = presence.leave(channel, connectionId, userId);
      if (member) local.deliver(channel, { type: 'presence', channel, event: 'leave', member });
    },
    listPresence: async (channel) => presence.list(channel),
    close: async () => {},
  };
}
