import type { LiveFrame, PresenceMember } from '@campuscollab/shared';

export type Subscriber = (frame: LiveFrame) => void;

/**
 * Fan-out of live frames and presence between the connections of a channel. This one lives in
 * memory and sees only this process's sockets; a multi-instance deployment replaces it (for
 * example with PostgreSQL LISTEN/NOTIFY and a shared presence table) behind the same interface.
 * See docs/decisions/008-realtime.md.
 */
export interface RealtimeHub {
  subscribe(channel: string, subscriber: Subscriber): void;
  unsubscribe(channel: string, subscriber: Subscriber): void;
  broadcast(channel: string, frame: LiveFrame): void;
  /** Adds or updates the user's entry (keyed by user, one per channel) and announces it. */
  joinPresence(channel: string, connectionId: string, userId: string, state: PresenceState): void;
  /** Removes one connection; the user leaves, announced, when their last connection does. */
  leavePresence(channel: string, connectionId: string, userId: string): void;
  listPresence(channel: string): PresenceMember[];
}

export type PresenceState = Record<string, unknown>;

interface PresenceEntry {
  member: PresenceMember;
  connections: Set<string>;
}

export function createMemoryHub(): RealtimeHub {
  const subscribers = new Map<string, Set<Subscriber>>();
  const presence = new Map<string, Map<string, PresenceEntry>>();

  const broadcast = (channel: string, frame: LiveFrame) => {
    for (const subscriber of subscribers.get(channel) ?? []) subscriber(frame);
  };

  return {
    subscribe(channel, subscriber) {
      const set = subscribers.get(channel) ?? new Set();
      set.add(subscriber);
      subscribers.set(channel, set);
    },
    unsubscribe(channel, subscriber) {
      const set = subscribers.get(channel);
      set?.delete(subscriber);
      if (set?.size === 0) subscribers.delete(channel);
    },
    broadcast,
    joinPresence(channel, connectionId, userId, state) {
      const members = presence.get(channel) ?? new Map<string, PresenceEntry>();
      presence.set(channel, members);
      const entry = members.get(userId) ?? {
        member: { userId, state, joinedAt: new Date().toISOString() },
        connections: new Set<string>(),
      };
      // A second tab of the same student updates their state rather than listing them twice.
      entry.member = { ...entry.member, state };
      entry.connections.add(connectionId);
      members.set(userId, entry);
      broadcast(channel, { type: 'presence', channel, event: 'join', member: entry.member });
    },
    leavePresence(channel, connectionId, userId) {
      const members = presence.get(channel);
      const entry = members?.get(userId);
      if (!members || !entry || !entry.connections.delete(connectionId)) return;
      if (entry.connections.size > 0) return;
      members.delete(userId);
      if (members.size === 0) presence.delete(channel);
      broadcast(channel, { type: 'presence', channel, event: 'leave', member: entry.member });
    },
    listPresence(channel) {
      return [...(presence.get(channel)?.values() ?? [])].map((entry) => entry.member);
    },
  };
}
