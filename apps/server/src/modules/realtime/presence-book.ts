import type { PresenceMember } from '@campuscollab/shared';

export type PresenceState = Record<string, unknown>;

/** This process's presence: who is on each channel, through which of its connections. */
export interface PresenceBook {
  /** Adds or updates the user's entry (one per channel) and returns it as it now stands. */
  join(channel: string, connectionId: string, userId: string, state: PresenceState): PresenceMember;
  /** Removes one connection; returns the member when it was the user's last one here. */
  leave(channel: string, connectionId: string, userId: string): PresenceMember | null;
  list(channel: string): PresenceMember[];
  /** The user's entry on the channel, while any of this process's connections holds it. */
  get(channel: string, userId: string): PresenceMember | undefined;
  /** Every entry, for a heartbeat that writes back the ones another instance expired. */
  entries(): { channel: string; member: PresenceMember }[];
}

interface Entry {
  member: PresenceMember;
  connections: Set<string>;
}

export function createPresenceBook(): PresenceBook {
  const presence = new Map<string, Map<string, Entry>>();
  return {
    join(channel, connectionId, userId, state) {
      const members = presence.get(channel) ?? new Map<string, Entry>();
      presence.set(channel, members);
      let entry = members.get(userId);
      if (!entry) {
        entry = {
          member: { userId, state, joinedAt: new Date().toISOString() },
          connections: new Set(),
        };
        members.set(userId, entry);
      }
      // A second tab of the same student updates their state rather than listing them twice.
      entry.member = { ...entry.member, state };
      entry.connections.add(connectionId);
      return entry.member;
    },
    leave(channel, connectionId, userId) {
      const members = presence.get(channel);
      const entry = members?.get(userId);
      if (!members || !entry || !entry.connections.delete(connectionId)) return null;
      if (entry.connections.size > 0) return null;
      members.delete(userId);
      if (members.size === 0) presence.delete(channel);
      return entry.member;
    },
    list(channel) {
      return [...(presence.get(channel)?.values() ?? [])].map((entry) => entry.member);
    },
    get(channel, userId) {
      return presence.get(channel)?.get(userId)?.member;
    },
    entries() {
      const all: { channel: string; member: PresenceMember }[] = [];
      for (const [channel, members] of presence) {
        for (const entry of members.values()) all.push({ channel, member: entry.member });
      }
      return all;
    },
  };
}
